import type { BoxAudience, LobbyType, TargetAudience } from '../../../machines/lib/games';
import type { Localised } from './localised';

// Content and tournament boxes of the lobbies (product.md §3 "Content and tournament boxes";
// behaviour.md §6 "Content is visible to authorized, not-authorized or both. Targeting for
// authenticated players is no limit, by group (deposit count 0, 1, more than 1) or by explicit
// player id list. Call-to-action text and links differ between anonymous and authorized").
// Every title, subtitle and call to action is written in every language (localised.ts); paths are
// app paths below /{langmarket}. Dates: the weekly tournament runs Monday to Monday (UTC) of the
// week asked about, so it is always on; one box has ended and one has not started yet.

export interface CallToActionText {
  label: Localised;
  path: string;
}

export interface CatalogBox {
  id: string;
  kind: 'content' | 'tournament';
  lobbies: readonly LobbyType[];
  title: Localised;
  subtitles: readonly Localised[];
  overlay: { colour: string; opacity: number };
  callToAction: { anonymous: CallToActionText | null; authorized: CallToActionText | null };
  authorized: BoxAudience;
  targetAudience: TargetAudience;
  /** ISO instants (null: open ended), from the moment asked about. */
  dates: (now: Date) => { startDate: string | null; endDate: string | null };
}

// ------------------------------------------------------------------ calls to action

const SIGN_UP: Localised = { en: 'Sign up', fi: 'Rekisteröidy', no: 'Registrer deg', de: 'Registrieren', fr: 'S’inscrire', es: 'Regístrate', pt: 'Registe-se', ptBR: 'Cadastre-se', ja: '新規登録', tl: 'Mag-sign up', tr: 'Kaydol', pl: 'Zarejestruj się' };
const DEPOSIT: Localised = { en: 'Deposit', fi: 'Talleta', no: 'Sett inn', de: 'Einzahlen', fr: 'Déposer', es: 'Depositar', pt: 'Depositar', ptBR: 'Depositar', ja: '入金する', tl: 'Magdeposito', tr: 'Para yatır', pl: 'Wpłać' };
const SEE_NEW_GAMES: Localised = { en: 'See new games', fi: 'Katso uudet pelit', no: 'Se nye spill', de: 'Neue Spiele ansehen', fr: 'Voir les nouveaux jeux', es: 'Ver juegos nuevos', pt: 'Ver jogos novos', ptBR: 'Ver jogos novos', ja: '新着ゲームを見る', tl: 'Tingnan ang mga bagong laro', tr: 'Yeni oyunlara göz at', pl: 'Zobacz nowe gry' };
const SIGN_UP_TO_JOIN: Localised = { en: 'Sign up to join', fi: 'Rekisteröidy ja osallistu', no: 'Registrer deg for å delta', de: 'Registrieren und mitmachen', fr: 'Inscrivez-vous pour participer', es: 'Regístrate para participar', pt: 'Registe-se para participar', ptBR: 'Cadastre-se para participar', ja: '登録して参加', tl: 'Mag-sign up para sumali', tr: 'Katılmak için kaydol', pl: 'Zarejestruj się, aby dołączyć' };
const JOIN_TOURNAMENT: Localised = { en: 'Join the tournament', fi: 'Osallistu turnaukseen', no: 'Bli med i turneringen', de: 'Am Turnier teilnehmen', fr: 'Participer au tournoi', es: 'Únete al torneo', pt: 'Participar no torneio', ptBR: 'Participar do torneio', ja: 'トーナメントに参加', tl: 'Sumali sa torneo', tr: 'Turnuvaya katıl', pl: 'Dołącz do turnieju' };
const TAKE_A_SEAT: Localised = { en: 'Take a seat', fi: 'Istu pöytään', no: 'Ta plass', de: 'Platz nehmen', fr: 'Prendre place', es: 'Toma asiento', pt: 'Sente-se à mesa', ptBR: 'Sente-se à mesa', ja: '席に着く', tl: 'Umupo na', tr: 'Masaya otur', pl: 'Zajmij miejsce' };
const PLAY_LIVE: Localised = { en: 'Play live', fi: 'Pelaa livenä', no: 'Spill live', de: 'Live spielen', fr: 'Jouer en direct', es: 'Jugar en vivo', pt: 'Jogar ao vivo', ptBR: 'Jogar ao vivo', ja: 'ライブでプレイ', tl: 'Maglaro nang live', tr: 'Canlı oyna', pl: 'Graj na żywo' };

const CLIMB_THE_LEADERBOARD: Localised = { en: 'Climb the leaderboard with every spin', fi: 'Nouse tulostaululla jokaisella pyöräytyksellä', no: 'Klatre på resultattavlen med hvert spinn', de: 'Mit jedem Dreh die Bestenliste hinauf', fr: 'Grimpez au classement à chaque tour', es: 'Sube en la clasificación con cada giro', pt: 'Suba na tabela a cada jogada', ptBR: 'Suba no ranking a cada giro', ja: 'スピンするたびにランキングを駆け上がろう', tl: 'Umakyat sa leaderboard sa bawat spin', tr: 'Her çevirişte sıralamada yüksel', pl: 'Wspinaj się w rankingu z każdym spinem' };

const always = () => ({ startDate: null, endDate: null });
const WEEK_MS = 7 * 86_400_000;

/** Monday 00:00 UTC of the week `now` is in, and the Monday after. */
export function weekOf(now: Date): { startDate: string; endDate: string } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const start = midnight - sinceMonday * 86_400_000;
  return { startDate: new Date(start).toISOString(), endDate: new Date(start + WEEK_MS).toISOString() };
}

/** The explicit player list of the VIP evening (behaviour.md §6 "explicit player id list"): the first seeded players. */
export const VIP_PLAYER_IDS: readonly number[] = [1, 2, 3];

export const BOXES: readonly CatalogBox[] = [
  {
    id: 'welcome-tour',
    kind: 'content',
    lobbies: ['casino'],
    title: { en: 'New here? Take a look around', fi: 'Uusi täällä? Tutustu rauhassa', no: 'Ny her? Ta en titt rundt', de: 'Neu hier? Schau dich um', fr: 'Nouveau ici ? Faites le tour', es: '¿Eres nuevo? Echa un vistazo', pt: 'É novo por cá? Dê uma vista de olhos', ptBR: 'Novo por aqui? Dê uma olhada', ja: 'はじめての方へ：まずは見てみましょう', tl: 'Bago ka rito? Tumingin-tingin muna', tr: 'Burada yeni misiniz? Etrafa göz atın', pl: 'Jesteś tu nowy? Rozejrzyj się' },
    subtitles: [
      { en: 'Every slot can be tried for free in demo mode', fi: 'Kaikkia kolikkopelejä voi kokeilla ilmaiseksi demotilassa', no: 'Alle spilleautomater kan prøves gratis i demomodus', de: 'Jeden Spielautomaten kannst du im Demomodus kostenlos testen', fr: 'Chaque machine à sous peut être essayée gratuitement en mode démo', es: 'Todas las tragamonedas se pueden probar gratis en modo demo', pt: 'Todas as slots podem ser experimentadas grátis em modo demo', ptBR: 'Todos os caça-níqueis podem ser testados grátis no modo demo', ja: 'すべてのスロットをデモモードで無料でお試しいただけます', tl: 'Puwedeng subukan nang libre ang bawat slot sa demo mode', tr: 'Tüm slot oyunlarını demo modunda ücretsiz deneyebilirsiniz', pl: 'Każdy automat możesz wypróbować za darmo w trybie demo' },
    ],
    overlay: { colour: '#1d2b64', opacity: 0.45 },
    callToAction: { anonymous: { label: SIGN_UP, path: '/signup' }, authorized: null },
    authorized: 'not-authorized',
    targetAudience: { option: 'no-limit' },
    dates: always,
  },
  {
    id: 'first-deposit',
    kind: 'content',
    lobbies: ['casino', 'live-casino'],
    title: { en: 'Ready for your first real round?', fi: 'Valmiina ensimmäiseen oikean rahan kierrokseen?', no: 'Klar for din første runde med ekte penger?', de: 'Bereit für deine erste Echtgeld-Runde?', fr: 'Prêt pour votre première partie en argent réel ?', es: '¿Listo para tu primera ronda con dinero real?', pt: 'Pronto para a sua primeira jogada a dinheiro real?', ptBR: 'Pronto para sua primeira rodada com dinheiro real?', ja: 'はじめてのリアルマネープレイの準備はできましたか？', tl: 'Handa ka na ba sa una mong totoong laro?', tr: 'İlk gerçek para turunuza hazır mısınız?', pl: 'Gotowy na pierwszą rundę na prawdziwe pieniądze?' },
    subtitles: [
      { en: 'Make your first deposit and play for real money', fi: 'Tee ensimmäinen talletuksesi ja pelaa oikealla rahalla', no: 'Gjør ditt første innskudd og spill med ekte penger', de: 'Tätige deine erste Einzahlung und spiele um echtes Geld', fr: 'Effectuez votre premier dépôt et jouez en argent réel', es: 'Haz tu primer depósito y juega con dinero real', pt: 'Faça o seu primeiro depósito e jogue a dinheiro real', ptBR: 'Faça seu primeiro depósito e jogue com dinheiro real', ja: '初回入金をしてリアルマネーでプレイしましょう', tl: 'Gawin ang una mong deposito at maglaro gamit ang totoong pera', tr: 'İlk para yatırma işleminizi yapın ve gerçek parayla oynayın', pl: 'Dokonaj pierwszej wpłaty i graj na prawdziwe pieniądze' },
    ],
    overlay: { colour: '#134e5e', opacity: 0.4 },
    callToAction: { anonymous: null, authorized: { label: DEPOSIT, path: '/deposit' } },
    authorized: 'authorized',
    targetAudience: { option: 'group', depositCount: 'none' },
    dates: always,
  },
  {
    id: 'second-visit',
    kind: 'content',
    lobbies: ['casino'],
    title: { en: 'Good to see you again', fi: 'Mukava nähdä sinut taas', no: 'Hyggelig å se deg igjen', de: 'Schön, dich wiederzusehen', fr: 'Ravi de vous revoir', es: 'Qué bueno verte de nuevo', pt: 'É bom voltar a vê-lo', ptBR: 'Que bom ver você de novo', ja: 'またお会いできてうれしいです', tl: 'Masaya kaming makita ka ulit', tr: 'Sizi tekrar görmek güzel', pl: 'Miło cię znowu widzieć' },
    subtitles: [
      { en: 'Discover this week’s new games', fi: 'Tutustu tämän viikon uusiin peleihin', no: 'Oppdag ukens nye spill', de: 'Entdecke die neuen Spiele dieser Woche', fr: 'Découvrez les nouveaux jeux de la semaine', es: 'Descubre los juegos nuevos de esta semana', pt: 'Descubra os jogos novos desta semana', ptBR: 'Descubra os jogos novos desta semana', ja: '今週の新着ゲームをチェック', tl: 'Tuklasin ang mga bagong laro ngayong linggo', tr: 'Bu haftanın yeni oyunlarını keşfedin', pl: 'Odkryj nowe gry tego tygodnia' },
    ],
    overlay: { colour: '#3a1c71', opacity: 0.4 },
    callToAction: { anonymous: null, authorized: { label: SEE_NEW_GAMES, path: '/online-casino/new' } },
    authorized: 'authorized',
    targetAudience: { option: 'group', depositCount: 'one' },
    dates: always,
  },
  {
    id: 'regulars',
    kind: 'content',
    lobbies: ['casino'],
    title: { en: 'New games every week', fi: 'Uusia pelejä joka viikko', no: 'Nye spill hver uke', de: 'Jede Woche neue Spiele', fr: 'De nouveaux jeux chaque semaine', es: 'Juegos nuevos cada semana', pt: 'Jogos novos todas as semanas', ptBR: 'Jogos novos toda semana', ja: '毎週新しいゲームが登場', tl: 'Mga bagong laro bawat linggo', tr: 'Her hafta yeni oyunlar', pl: 'Nowe gry co tydzień' },
    subtitles: [
      { en: 'Thank you for playing with us', fi: 'Kiitos, että pelaat kanssamme', no: 'Takk for at du spiller hos oss', de: 'Danke, dass du bei uns spielst', fr: 'Merci de jouer avec nous', es: 'Gracias por jugar con nosotros', pt: 'Obrigado por jogar connosco', ptBR: 'Obrigado por jogar com a gente', ja: 'いつもご利用ありがとうございます', tl: 'Salamat sa paglalaro kasama namin', tr: 'Bizimle oynadığınız için teşekkürler', pl: 'Dziękujemy, że grasz z nami' },
    ],
    overlay: { colour: '#0b486b', opacity: 0.35 },
    callToAction: { anonymous: null, authorized: { label: SEE_NEW_GAMES, path: '/online-casino/new' } },
    authorized: 'authorized',
    targetAudience: { option: 'group', depositCount: 'more-than-one' },
    dates: always,
  },
  {
    id: 'weekly-tournament',
    kind: 'tournament',
    lobbies: ['casino'],
    title: { en: 'Weekly slot tournament', fi: 'Viikoittainen kolikkopeliturnaus', no: 'Ukentlig spilleautomatturnering', de: 'Wöchentliches Slot-Turnier', fr: 'Tournoi hebdomadaire de machines à sous', es: 'Torneo semanal de tragamonedas', pt: 'Torneio semanal de slots', ptBR: 'Torneio semanal de caça-níqueis', ja: '週間スロットトーナメント', tl: 'Lingguhang slot tournament', tr: 'Haftalık slot turnuvası', pl: 'Cotygodniowy turniej automatów' },
    subtitles: [
      CLIMB_THE_LEADERBOARD,
      { en: 'Ends on Sunday at midnight (UTC)', fi: 'Päättyy sunnuntaina keskiyöllä (UTC)', no: 'Avsluttes søndag ved midnatt (UTC)', de: 'Endet am Sonntag um Mitternacht (UTC)', fr: 'Se termine dimanche à minuit (UTC)', es: 'Termina el domingo a medianoche (UTC)', pt: 'Termina no domingo à meia-noite (UTC)', ptBR: 'Termina no domingo à meia-noite (UTC)', ja: '日曜日の24時（UTC）に終了', tl: 'Magtatapos sa Linggo ng hatinggabi (UTC)', tr: 'Pazar gece yarısı (UTC) sona erer', pl: 'Kończy się w niedzielę o północy (UTC)' },
    ],
    overlay: { colour: '#c31432', opacity: 0.35 },
    callToAction: { anonymous: { label: SIGN_UP_TO_JOIN, path: '/signup' }, authorized: { label: JOIN_TOURNAMENT, path: '/online-casino/popular' } },
    authorized: 'both',
    targetAudience: { option: 'no-limit' },
    dates: weekOf,
  },
  {
    id: 'vip-evening',
    kind: 'tournament',
    lobbies: ['live-casino'],
    title: { en: 'VIP roulette evening', fi: 'VIP-rulettiilta', no: 'VIP-rulettkveld', de: 'VIP-Roulette-Abend', fr: 'Soirée roulette VIP', es: 'Noche VIP de ruleta', pt: 'Noite VIP de roleta', ptBR: 'Noite VIP de roleta', ja: 'VIPルーレットの夕べ', tl: 'VIP na gabi ng ruleta', tr: 'VIP rulet akşamı', pl: 'Wieczór VIP przy ruletce' },
    subtitles: [
      { en: 'By invitation: tables reserved for you from 20:00', fi: 'Vain kutsutuille: pöydät varattu sinulle klo 20 alkaen', no: 'Kun for inviterte: bord reservert for deg fra kl. 20.00', de: 'Nur auf Einladung: Tische ab 20:00 Uhr für dich reserviert', fr: 'Sur invitation : tables réservées pour vous dès 20 h', es: 'Solo con invitación: mesas reservadas para ti desde las 20:00', pt: 'Só por convite: mesas reservadas para si a partir das 20h00', ptBR: 'Somente para convidados: mesas reservadas para você a partir das 20h', ja: 'ご招待の方限定：20:00からテーブルをご用意しています', tl: 'Para sa mga imbitado: may nakareserbang mesa para sa iyo mula 20:00', tr: 'Yalnızca davetliler: 20:00’den itibaren size ayrılmış masalar', pl: 'Tylko na zaproszenie: stoły zarezerwowane dla ciebie od 20:00' },
    ],
    overlay: { colour: '#1f1c2c', opacity: 0.5 },
    callToAction: { anonymous: null, authorized: { label: TAKE_A_SEAT, path: '/live-casino-online/vip-tables' } },
    authorized: 'authorized',
    targetAudience: { option: 'players', playerIds: VIP_PLAYER_IDS },
    dates: always,
  },
  {
    id: 'live-tables',
    kind: 'content',
    lobbies: ['live-casino'],
    title: { en: 'Live tables around the clock', fi: 'Livepöydät auki ympäri vuorokauden', no: 'Live-bord døgnet rundt', de: 'Live-Tische rund um die Uhr', fr: 'Des tables en direct jour et nuit', es: 'Mesas en vivo las 24 horas', pt: 'Mesas ao vivo 24 horas por dia', ptBR: 'Mesas ao vivo 24 horas por dia', ja: 'ライブテーブルは24時間営業', tl: 'Live na mesa buong araw at gabi', tr: 'Canlı masalar 7/24 açık', pl: 'Stoły na żywo przez całą dobę' },
    subtitles: [
      { en: 'Real dealers, streamed in HD', fi: 'Oikeat jakajat HD-laatuisena lähetyksenä', no: 'Ekte dealere, strømmet i HD', de: 'Echte Dealer, in HD übertragen', fr: 'De vrais croupiers, diffusés en HD', es: 'Crupieres reales, transmitidos en HD', pt: 'Croupiers reais, transmitidos em HD', ptBR: 'Crupiês reais, transmitidos em HD', ja: '本物のディーラーをHD配信で', tl: 'Totoong dealer, naka-stream sa HD', tr: 'Gerçek krupiyeler, HD yayında', pl: 'Prawdziwi krupierzy na żywo w jakości HD' },
    ],
    overlay: { colour: '#000428', opacity: 0.4 },
    callToAction: { anonymous: { label: SIGN_UP, path: '/signup' }, authorized: { label: PLAY_LIVE, path: '/live-casino-online/roulette' } },
    authorized: 'both',
    targetAudience: { option: 'no-limit' },
    dates: always,
  },
  {
    id: 'spring-festival',
    kind: 'tournament',
    lobbies: ['casino'],
    title: { en: 'Spring festival', fi: 'Kevätfestivaali', no: 'Vårfestival', de: 'Frühlingsfest', fr: 'Festival du printemps', es: 'Festival de primavera', pt: 'Festival da primavera', ptBR: 'Festival de primavera', ja: '春のフェスティバル', tl: 'Pista ng tagsibol', tr: 'Bahar festivali', pl: 'Wiosenny festiwal' },
    subtitles: [
      { en: 'Thank you for taking part', fi: 'Kiitos osallistumisesta', no: 'Takk for at du deltok', de: 'Danke fürs Mitmachen', fr: 'Merci de votre participation', es: 'Gracias por participar', pt: 'Obrigado pela participação', ptBR: 'Obrigado pela participação', ja: 'ご参加ありがとうございました', tl: 'Salamat sa pakikilahok', tr: 'Katıldığınız için teşekkürler', pl: 'Dziękujemy za udział' },
    ],
    overlay: { colour: '#134e5e', opacity: 0.3 },
    callToAction: { anonymous: null, authorized: null },
    authorized: 'both',
    targetAudience: { option: 'no-limit' },
    dates: () => ({ startDate: '2024-03-01T00:00:00.000Z', endDate: '2024-03-31T23:59:59.000Z' }),
  },
  {
    id: 'new-year-race',
    kind: 'tournament',
    lobbies: ['casino'],
    title: { en: 'New Year race', fi: 'Uudenvuoden kisa', no: 'Nyttårsløpet', de: 'Neujahrsrennen', fr: 'Course du Nouvel An', es: 'Carrera de Año Nuevo', pt: 'Corrida de Ano Novo', ptBR: 'Corrida de Ano-Novo', ja: 'ニューイヤーレース', tl: 'Karera ng Bagong Taon', tr: 'Yılbaşı yarışı', pl: 'Noworoczny wyścig' },
    subtitles: [CLIMB_THE_LEADERBOARD],
    overlay: { colour: '#870000', opacity: 0.35 },
    callToAction: { anonymous: { label: SIGN_UP_TO_JOIN, path: '/signup' }, authorized: { label: JOIN_TOURNAMENT, path: '/online-casino/popular' } },
    authorized: 'both',
    targetAudience: { option: 'no-limit' },
    dates: () => ({ startDate: '2099-12-26T00:00:00.000Z', endDate: '2100-01-02T00:00:00.000Z' }),
  },
];
