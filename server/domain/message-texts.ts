import { LANGUAGES, isLanguageCode } from '../../machines/lib/markets';
import type { MessageChannel } from './messages';

// The texts the simulated SMS / e-mail provider sends (server/services/messages.ts), in the
// player's language: one table, keyed by the API language stored in players.language_code
// (machines/lib/markets.ts LANGUAGES[x].apiLanguage: caf is stored as fr, inen as en), with every
// message kind in each. Anything else is sent in English. An SMS stays within 160 characters.
// The address follows the site's own catalogs (locales/*/messages.po): du in German, vous in
// French, tú in Chilean and Peruvian Spanish, the polite form in Japanese.

/** What the platform sends: one kind per verification purpose (server/services/codes.ts). */
/** `login_unlock` is the e-mailed unlock link (server/services/login.ts): its `code` is the link. */
export const MESSAGE_KINDS = ['registration_sms', 'registration_email', 'reset_sms', 'phone_change', 'login_unlock'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The channel each kind goes out on. */
export const MESSAGE_CHANNELS: Readonly<Record<MessageKind, MessageChannel>> = {
  registration_sms: 'SMS',
  registration_email: 'EMAIL',
  reset_sms: 'SMS',
  phone_change: 'SMS',
  login_unlock: 'EMAIL',
};

/** The languages a player's language_code can hold (the API languages of LANGUAGES). */
export const MESSAGE_LANGUAGES = ['en', 'fi', 'no', 'de', 'fr', 'ca', 'nz', 'cl', 'pe', 'pt', 'br', 'ja', 'tl', 'tr', 'pl'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const FALLBACK_MESSAGE_LANGUAGE: MessageLanguage = 'en';

/** Longest SMS body: one GSM-7 segment. */
export const SMS_MAX_LENGTH = 160;

export interface MessageParams {
  /** The one-time code. */
  code: string;
  /** How many minutes the code is valid. */
  minutes: number;
}

type MessageTexts = Readonly<Record<MessageKind, (params: MessageParams) => string>>;

/** "10 minutes" in a language: the plural form Intl.PluralRules picks for the count. */
function counter(locale: string, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): (count: number) => string {
  const rules = new Intl.PluralRules(locale);
  return (count) => `${String(count)} ${forms[rules.select(count)] ?? forms.other}`;
}

const enMinutes = counter('en', { one: 'minute', other: 'minutes' });
const ENGLISH: MessageTexts = {
  registration_sms: ({ code, minutes }) => `Your Aurora Play verification code is ${code}. It expires in ${enMinutes(minutes)}.`,
  registration_email: ({ code, minutes }) =>
    `Your Aurora Play verification code is ${code}. Enter it to complete your registration. The code expires in ${enMinutes(minutes)}. If you did not sign up for Aurora Play, you can ignore this e-mail.`,
  reset_sms: ({ code, minutes }) =>
    `Your Aurora Play password reset code is ${code}. It expires in ${enMinutes(minutes)}. If you did not ask for it, ignore this message.`,
  phone_change: ({ code, minutes }) => `Your Aurora Play code to confirm this phone number is ${code}. It expires in ${enMinutes(minutes)}.`,
  login_unlock: ({ code, minutes }) =>
    `Someone, hopefully you, failed to log in to your Aurora Play account too many times. To unlock it now, open ${code} (valid for ${enMinutes(minutes)}, once). If it was not you, change your password after logging in.`,
};

// Spanish as written in Chile and Peru (the site's cl and pe catalogs share the wording).
const esMinutes = counter('es', { one: 'minuto', other: 'minutos' });
const LATIN_AMERICAN_SPANISH: MessageTexts = {
  registration_sms: ({ code, minutes }) => `Tu código de verificación de Aurora Play es ${code}. Vence en ${esMinutes(minutes)}.`,
  registration_email: ({ code, minutes }) =>
    `Tu código de verificación de Aurora Play es ${code}. Ingrésalo para completar tu registro. El código vence en ${esMinutes(minutes)}. Si no te registraste en Aurora Play, puedes ignorar este correo.`,
  reset_sms: ({ code, minutes }) =>
    `Tu código para restablecer la contraseña de Aurora Play es ${code}. Vence en ${esMinutes(minutes)}. Si no lo solicitaste, ignora este mensaje.`,
  phone_change: ({ code, minutes }) => `Tu código de Aurora Play para confirmar este número de teléfono es ${code}. Vence en ${esMinutes(minutes)}.`,
  login_unlock: ({ code, minutes }) =>
    `Alguien, esperamos que tú, falló demasiadas veces al iniciar sesión en tu cuenta de Aurora Play. Para desbloquearla ahora, abre ${code} (válido por ${esMinutes(minutes)}, una sola vez). Si no fuiste tú, cambia tu contraseña después de iniciar sesión.`,
};

const fiMinutes = counter('fi', { one: 'minuutin', other: 'minuutin' });
const noMinutes = counter('nb', { one: 'minutt', other: 'minutter' });
const deMinutes = counter('de', { one: 'Minute', other: 'Minuten' });
const frMinutes = counter('fr', { one: 'minute', other: 'minutes' });
const ptMinutes = counter('pt-PT', { one: 'minuto', other: 'minutos' });
const brMinutes = counter('pt-BR', { one: 'minuto', other: 'minutos' });
const plMinutes = counter('pl', { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' });

const TEXTS: Readonly<Record<MessageLanguage, MessageTexts>> = {
  en: ENGLISH,
  // English (Canada) and English (New Zealand): the same wording as English.
  ca: ENGLISH,
  nz: ENGLISH,
  fi: {
    registration_sms: ({ code, minutes }) => `Aurora Play -vahvistuskoodisi on ${code}. Koodi vanhenee ${fiMinutes(minutes)} kuluttua.`,
    registration_email: ({ code, minutes }) =>
      `Aurora Play -vahvistuskoodisi on ${code}. Syötä koodi, niin rekisteröitymisesi valmistuu. Koodi vanhenee ${fiMinutes(minutes)} kuluttua. Jos et itse rekisteröitynyt Aurora Playhin, voit jättää tämän viestin huomiotta.`,
    reset_sms: ({ code, minutes }) =>
      `Aurora Play -salasanasi palautuskoodi on ${code}. Koodi vanhenee ${fiMinutes(minutes)} kuluttua. Jos et pyytänyt koodia, voit jättää viestin huomiotta.`,
    phone_change: ({ code, minutes }) => `Vahvista tämä puhelinnumero Aurora Playssa koodilla ${code}. Koodi vanhenee ${fiMinutes(minutes)} kuluttua.`,
    login_unlock: ({ code, minutes }) =>
      `Joku, toivottavasti sinä, yritti kirjautua Aurora Play -tilillesi liian monta kertaa väärin. Avaa tilin lukitus nyt osoitteessa ${code} (voimassa ${fiMinutes(minutes)} ajan, kerran). Jos se et ollut sinä, vaihda salasanasi kirjauduttuasi.`,
  },
  no: {
    registration_sms: ({ code, minutes }) => `Din bekreftelseskode for Aurora Play er ${code}. Den utløper om ${noMinutes(minutes)}.`,
    registration_email: ({ code, minutes }) =>
      `Din bekreftelseskode for Aurora Play er ${code}. Skriv den inn for å fullføre registreringen. Koden utløper om ${noMinutes(minutes)}. Hvis du ikke har registrert deg hos Aurora Play, kan du se bort fra denne e-posten.`,
    reset_sms: ({ code, minutes }) =>
      `Koden for å tilbakestille passordet ditt hos Aurora Play er ${code}. Den utløper om ${noMinutes(minutes)}. Hvis du ikke ba om den, kan du se bort fra meldingen.`,
    phone_change: ({ code, minutes }) => `Koden for å bekrefte dette telefonnummeret hos Aurora Play er ${code}. Den utløper om ${noMinutes(minutes)}.`,
    login_unlock: ({ code, minutes }) =>
      `Noen, forhåpentligvis du, har mislyktes for mange ganger med å logge inn på Aurora Play-kontoen din. Åpne ${code} for å låse den opp nå (gyldig i ${noMinutes(minutes)}, én gang). Hvis det ikke var deg, bør du endre passordet etter at du har logget inn.`,
  },
  de: {
    registration_sms: ({ code, minutes }) => `Dein Aurora Play-Bestätigungscode lautet ${code}. Er ist ${deMinutes(minutes)} gültig.`,
    registration_email: ({ code, minutes }) =>
      `Dein Aurora Play-Bestätigungscode lautet ${code}. Gib ihn ein, um deine Registrierung abzuschließen. Der Code ist ${deMinutes(minutes)} gültig. Falls du dich nicht bei Aurora Play registriert hast, kannst du diese E-Mail ignorieren.`,
    reset_sms: ({ code, minutes }) =>
      `Dein Code zum Zurücksetzen deines Aurora Play-Passworts lautet ${code}. Er ist ${deMinutes(minutes)} gültig. Falls du ihn nicht angefordert hast, ignoriere diese SMS.`,
    phone_change: ({ code, minutes }) => `Dein Aurora Play-Code zur Bestätigung dieser Telefonnummer lautet ${code}. Er ist ${deMinutes(minutes)} gültig.`,
    login_unlock: ({ code, minutes }) =>
      `Jemand, hoffentlich du, hat sich zu oft vergeblich bei deinem Aurora Play-Konto angemeldet. Um es jetzt zu entsperren, öffne ${code} (${deMinutes(minutes)} gültig, einmalig). Falls du das nicht warst, ändere nach der Anmeldung dein Passwort.`,
  },
  fr: {
    registration_sms: ({ code, minutes }) => `Votre code de vérification Aurora Play est ${code}. Il expire dans ${frMinutes(minutes)}.`,
    registration_email: ({ code, minutes }) =>
      `Votre code de vérification Aurora Play est ${code}. Saisissez-le pour finaliser votre inscription. Ce code expire dans ${frMinutes(minutes)}. Si vous n'êtes pas à l'origine de cette inscription à Aurora Play, vous pouvez ignorer cet e-mail.`,
    reset_sms: ({ code, minutes }) =>
      `Votre code de réinitialisation du mot de passe Aurora Play est ${code}. Il expire dans ${frMinutes(minutes)}. Si vous ne l'avez pas demandé, ignorez ce message.`,
    phone_change: ({ code, minutes }) => `Votre code Aurora Play pour confirmer ce numéro de téléphone est ${code}. Il expire dans ${frMinutes(minutes)}.`,
    login_unlock: ({ code, minutes }) =>
      `Quelqu'un, vous espérons-le, a échoué trop de fois à se connecter à votre compte Aurora Play. Pour le débloquer maintenant, ouvrez ${code} (valable ${frMinutes(minutes)}, une seule fois). Si ce n'était pas vous, changez votre mot de passe après vous être connecté.`,
  },
  cl: LATIN_AMERICAN_SPANISH,
  pe: LATIN_AMERICAN_SPANISH,
  pt: {
    registration_sms: ({ code, minutes }) => `O seu código de verificação Aurora Play é ${code}. Expira dentro de ${ptMinutes(minutes)}.`,
    registration_email: ({ code, minutes }) =>
      `O seu código de verificação Aurora Play é ${code}. Introduza-o para concluir o seu registo. O código expira dentro de ${ptMinutes(minutes)}. Se não se registou na Aurora Play, pode ignorar este e-mail.`,
    reset_sms: ({ code, minutes }) =>
      `O seu código para redefinir a palavra-passe Aurora Play é ${code}. Expira dentro de ${ptMinutes(minutes)}. Se não o pediu, ignore esta mensagem.`,
    phone_change: ({ code, minutes }) => `O seu código Aurora Play para confirmar este número de telemóvel é ${code}. Expira dentro de ${ptMinutes(minutes)}.`,
    login_unlock: ({ code, minutes }) =>
      `Alguém, esperamos que tenha sido você, falhou demasiadas vezes o início de sessão na sua conta Aurora Play. Para a desbloquear agora, abra ${code} (válido durante ${ptMinutes(minutes)}, uma única vez). Se não foi você, altere a sua palavra-passe depois de iniciar sessão.`,
  },
  br: {
    registration_sms: ({ code, minutes }) => `Seu código de verificação da Aurora Play é ${code}. Ele expira em ${brMinutes(minutes)}.`,
    registration_email: ({ code, minutes }) =>
      `Seu código de verificação da Aurora Play é ${code}. Digite-o para concluir seu cadastro. O código expira em ${brMinutes(minutes)}. Se você não se cadastrou na Aurora Play, pode ignorar este e-mail.`,
    reset_sms: ({ code, minutes }) =>
      `Seu código para redefinir a senha da Aurora Play é ${code}. Ele expira em ${brMinutes(minutes)}. Se você não solicitou, ignore esta mensagem.`,
    phone_change: ({ code, minutes }) => `Seu código da Aurora Play para confirmar este número de celular é ${code}. Ele expira em ${brMinutes(minutes)}.`,
    login_unlock: ({ code, minutes }) =>
      `Alguém, esperamos que você, errou o login na sua conta da Aurora Play vezes demais. Para desbloqueá-la agora, abra ${code} (válido por ${brMinutes(minutes)}, uma única vez). Se não foi você, troque sua senha depois de entrar.`,
  },
  ja: {
    registration_sms: ({ code, minutes }) => `【Aurora Play】認証コードは${code}です。有効期限は${String(minutes)}分です。`,
    registration_email: ({ code, minutes }) =>
      `Aurora Playをご利用いただきありがとうございます。認証コードは${code}です。登録を完了するには、このコードを入力してください。有効期限は${String(minutes)}分です。お心当たりのない場合は、このメールを破棄してください。`,
    reset_sms: ({ code, minutes }) =>
      `【Aurora Play】パスワード再設定用のコードは${code}です。有効期限は${String(minutes)}分です。お心当たりのない場合は、このメッセージを無視してください。`,
    phone_change: ({ code, minutes }) => `【Aurora Play】この電話番号を確認するためのコードは${code}です。有効期限は${String(minutes)}分です。`,
    login_unlock: ({ code, minutes }) =>
      `Aurora Playアカウントへのログインに複数回失敗しました。今すぐロックを解除するには、${code} を開いてください（有効期限は${String(minutes)}分、1回のみ有効）。お心当たりのない場合は、ログイン後にパスワードを変更してください。`,
  },
  tl: {
    registration_sms: ({ code, minutes }) =>
      `Ang iyong code sa beripikasyon ng Aurora Play ay ${code}. Mag-e-expire ito sa loob ng ${String(minutes)} minuto.`,
    registration_email: ({ code, minutes }) =>
      `Ang iyong code sa beripikasyon ng Aurora Play ay ${code}. Ilagay ito para makumpleto ang iyong pagpaparehistro. Mag-e-expire ang code sa loob ng ${String(minutes)} minuto. Kung hindi ka nagparehistro sa Aurora Play, huwag pansinin ang email na ito.`,
    reset_sms: ({ code, minutes }) =>
      `Ang iyong code sa pag-reset ng password ng Aurora Play ay ${code}. Mag-e-expire ito sa loob ng ${String(minutes)} minuto. Kung hindi mo ito hiniling, huwag itong pansinin.`,
    phone_change: ({ code, minutes }) =>
      `Ang iyong code ng Aurora Play para kumpirmahin ang numero ng teleponong ito ay ${code}. Mag-e-expire ito sa loob ng ${String(minutes)} minuto.`,
    login_unlock: ({ code, minutes }) =>
      `May nabigong mag-log in sa iyong Aurora Play account nang napakaraming beses, sana ay ikaw. Para i-unlock ito ngayon, buksan ang ${code} (may bisa sa loob ng ${String(minutes)} minuto, isang beses lang). Kung hindi ikaw iyon, palitan ang iyong password pagkatapos mag-log in.`,
  },
  tr: {
    registration_sms: ({ code, minutes }) => `Aurora Play doğrulama kodunuz: ${code}. Bu kod ${String(minutes)} dakika geçerlidir.`,
    registration_email: ({ code, minutes }) =>
      `Aurora Play doğrulama kodunuz: ${code}. Kaydınızı tamamlamak için bu kodu girin. Kod ${String(minutes)} dakika geçerlidir. Aurora Play'e kaydolmadıysanız bu e-postayı dikkate almayın.`,
    reset_sms: ({ code, minutes }) =>
      `Aurora Play şifre sıfırlama kodunuz: ${code}. Bu kod ${String(minutes)} dakika geçerlidir. Bu talebi siz yapmadıysanız bu mesajı dikkate almayın.`,
    phone_change: ({ code, minutes }) => `Bu telefon numarasını onaylamak için Aurora Play kodunuz: ${code}. Bu kod ${String(minutes)} dakika geçerlidir.`,
    login_unlock: ({ code, minutes }) =>
      `Biri, umarız sizsiniz, Aurora Play hesabınıza çok fazla kez hatalı giriş yapmaya çalıştı. Hesabın kilidini şimdi açmak için ${code} bağlantısını açın (${String(minutes)} dakika ve yalnızca bir kez geçerlidir). Bu siz değilseniz, giriş yaptıktan sonra şifrenizi değiştirin.`,
  },
  pl: {
    registration_sms: ({ code, minutes }) => `Twój kod weryfikacyjny Aurora Play to ${code}. Kod jest ważny przez ${plMinutes(minutes)}.`,
    registration_email: ({ code, minutes }) =>
      `Twój kod weryfikacyjny Aurora Play to ${code}. Wpisz go, aby dokończyć rejestrację. Kod jest ważny przez ${plMinutes(minutes)}. Jeśli to nie Ty zakładasz konto w Aurora Play, zignoruj tę wiadomość.`,
    reset_sms: ({ code, minutes }) =>
      `Twój kod do zresetowania hasła w Aurora Play to ${code}. Kod jest ważny przez ${plMinutes(minutes)}. Jeśli to nie Ty prosisz o zmianę hasła, zignoruj tę wiadomość.`,
    phone_change: ({ code, minutes }) => `Twój kod Aurora Play do potwierdzenia tego numeru telefonu to ${code}. Kod jest ważny przez ${plMinutes(minutes)}.`,
    login_unlock: ({ code, minutes }) =>
      `Ktoś, miejmy nadzieję, że Ty, zbyt wiele razy nieudanie logował się na Twoje konto Aurora Play. Aby je teraz odblokować, otwórz ${code} (link jest ważny przez ${plMinutes(minutes)}, jednorazowo). Jeśli to nie Ty, zmień hasło po zalogowaniu.`,
  },
};

export function isMessageLanguage(value: string): value is MessageLanguage {
  return (MESSAGE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a message goes out in: a stored API language as it is; a site language code
 * (caf, inen) as the API language it is stored as; anything else (null, unknown) English.
 */
export function messageLanguage(language: string | null | undefined): MessageLanguage {
  const code = (language ?? '').trim().toLowerCase();
  if (isMessageLanguage(code)) return code;
  if (isLanguageCode(code)) {
    const api = LANGUAGES[code].apiLanguage;
    if (isMessageLanguage(api)) return api;
  }
  return FALLBACK_MESSAGE_LANGUAGE;
}

/** The body of a message of this kind in the player's language (English when it has none). */
export function messageText(kind: MessageKind, language: string | null | undefined, params: MessageParams): string {
  return TEXTS[messageLanguage(language)][kind](params);
}
