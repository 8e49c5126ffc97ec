import {
  EDD_COUNTRY_CODES,
  EDD_OCCUPATIONS,
  EDD_SALARY_CURRENCY,
  EDD_SALARY_RANGES,
  EDD_SOURCES_OF_FUNDS,
  type EddOccupation,
  type EddSourceOfFunds,
} from '../../machines/lib/edd';
import { LANGUAGES, type LanguageCode } from '../../machines/lib/markets';
import type { EddLists } from '../../src/api/edd';
import { textIn, type Localised } from './catalog/localised';

// The EDD questionnaire's lists as content, per language (behaviour.md §7 "Content": the content
// service answers occupations and source-of-fund; /player/salary-range): the ids are
// machines/lib/edd.ts's, the words are here, in every written language of the site
// (server/content/catalog/localised.ts: the English variants read English, Chile and Peru Spanish,
// Canadian French French, Brazil Brazilian Portuguese). Countries (place of birth, nationality) are
// named by the platform's ICU data (Intl.DisplayNames) in the language's locale and sorted in it.

const OCCUPATION_TEXTS: Readonly<Record<EddOccupation, Localised>> = {
  EMPLOYED: { en: 'Employee', fi: 'Palkansaaja', no: 'Ansatt', de: 'Angestellte/r', fr: 'Salarié(e)', es: 'Empleado/a', pt: 'Trabalhador por conta de outrem', ptBR: 'Empregado(a) CLT', ja: '会社員', tl: 'Empleyado', tr: 'Ücretli çalışan', pl: 'Pracownik etatowy' },
  SELF_EMPLOYED: { en: 'Self-employed', fi: 'Yrittäjä tai ammatinharjoittaja', no: 'Selvstendig næringsdrivende', de: 'Selbstständig', fr: 'Travailleur indépendant', es: 'Trabajador independiente', pt: 'Trabalhador independente', ptBR: 'Autônomo(a)', ja: '自営業', tl: 'Self-employed / may sariling hanapbuhay', tr: 'Serbest meslek', pl: 'Samozatrudniony' },
  BUSINESS_OWNER: { en: 'Business owner', fi: 'Yrityksen omistaja', no: 'Bedriftseier', de: 'Unternehmer/in', fr: "Chef d'entreprise", es: 'Propietario de empresa', pt: 'Empresário', ptBR: 'Empresário(a)', ja: '会社経営者', tl: 'May-ari ng negosyo', tr: 'İşletme sahibi', pl: 'Właściciel firmy' },
  PUBLIC_SECTOR: { en: 'Public sector employee', fi: 'Julkisen sektorin työntekijä', no: 'Ansatt i offentlig sektor', de: 'Beamte/r oder öffentlicher Dienst', fr: 'Fonctionnaire', es: 'Funcionario público', pt: 'Funcionário público', ptBR: 'Servidor(a) público(a)', ja: '公務員', tl: 'Kawani ng pamahalaan', tr: 'Kamu çalışanı', pl: 'Pracownik sektora publicznego' },
  MANAGER: { en: 'Manager or executive', fi: 'Johtaja tai esihenkilö', no: 'Leder', de: 'Führungskraft', fr: 'Cadre ou dirigeant', es: 'Directivo o gerente', pt: 'Quadro dirigente', ptBR: 'Gerente ou executivo(a)', ja: '管理職・役員', tl: 'Manager o ehekutibo', tr: 'Yönetici', pl: 'Kierownik lub dyrektor' },
  PROFESSIONAL: { en: 'Professional (doctor, lawyer, engineer…)', fi: 'Asiantuntija (lääkäri, juristi, insinööri…)', no: 'Fagperson (lege, advokat, ingeniør …)', de: 'Freiberufler/in (Arzt, Anwalt, Ingenieur …)', fr: 'Profession libérale ou intellectuelle (médecin, avocat, ingénieur…)', es: 'Profesional (médico, abogado, ingeniero…)', pt: 'Profissional liberal (médico, advogado, engenheiro…)', ptBR: 'Profissional liberal (médico, advogado, engenheiro…)', ja: '専門職（医師、弁護士、技術者など）', tl: 'Propesyonal (doktor, abogado, inhinyero…)', tr: 'Uzman meslek (doktor, avukat, mühendis…)', pl: 'Specjalista (lekarz, prawnik, inżynier…)' },
  STUDENT: { en: 'Student', fi: 'Opiskelija', no: 'Student', de: 'Student/in', fr: 'Étudiant(e)', es: 'Estudiante', pt: 'Estudante', ptBR: 'Estudante', ja: '学生', tl: 'Estudyante', tr: 'Öğrenci', pl: 'Student' },
  RETIRED: { en: 'Retired', fi: 'Eläkeläinen', no: 'Pensjonist', de: 'Im Ruhestand', fr: 'Retraité(e)', es: 'Jubilado/a', pt: 'Reformado', ptBR: 'Aposentado(a)', ja: '退職者・年金生活者', tl: 'Retirado', tr: 'Emekli', pl: 'Emeryt' },
  HOMEMAKER: { en: 'Homemaker', fi: 'Kotiäiti tai -isä', no: 'Hjemmeværende', de: 'Hausfrau/Hausmann', fr: 'Au foyer', es: 'Labores del hogar', pt: 'Doméstico(a)', ptBR: 'Do lar', ja: '専業主婦・主夫', tl: 'Nasa bahay / homemaker', tr: 'Ev hanımı / ev erkeği', pl: 'Osoba zajmująca się domem' },
  UNEMPLOYED: { en: 'Unemployed', fi: 'Työtön', no: 'Arbeidsledig', de: 'Arbeitslos', fr: "Sans emploi", es: 'Desempleado/a', pt: 'Desempregado', ptBR: 'Desempregado(a)', ja: '無職', tl: 'Walang trabaho', tr: 'İşsiz', pl: 'Bezrobotny' },
  OTHER: { en: 'Other', fi: 'Muu', no: 'Annet', de: 'Sonstiges', fr: 'Autre', es: 'Otro', pt: 'Outro', ptBR: 'Outro', ja: 'その他', tl: 'Iba pa', tr: 'Diğer', pl: 'Inne' },
};

const SOURCE_OF_FUNDS_TEXTS: Readonly<Record<EddSourceOfFunds, Localised>> = {
  SALARY: { en: 'Salary or wages', fi: 'Palkka', no: 'Lønn', de: 'Gehalt oder Lohn', fr: 'Salaire', es: 'Sueldo o salario', pt: 'Salário', ptBR: 'Salário', ja: '給与', tl: 'Sahod o suweldo', tr: 'Maaş veya ücret', pl: 'Wynagrodzenie' },
  BUSINESS_INCOME: { en: 'Business income', fi: 'Yritystulot', no: 'Næringsinntekt', de: 'Einkünfte aus dem eigenen Unternehmen', fr: "Revenus d'entreprise", es: 'Ingresos de negocio', pt: 'Rendimentos empresariais', ptBR: 'Renda de empresa', ja: '事業収入', tl: 'Kita mula sa negosyo', tr: 'İşletme geliri', pl: 'Dochody z działalności gospodarczej' },
  SAVINGS: { en: 'Savings', fi: 'Säästöt', no: 'Sparepenger', de: 'Ersparnisse', fr: 'Épargne', es: 'Ahorros', pt: 'Poupanças', ptBR: 'Poupança', ja: '貯蓄', tl: 'Ipon', tr: 'Birikimler', pl: 'Oszczędności' },
  INVESTMENTS: { en: 'Investments (shares, funds, interest)', fi: 'Sijoitukset (osakkeet, rahastot, korot)', no: 'Investeringer (aksjer, fond, renter)', de: 'Kapitalerträge (Aktien, Fonds, Zinsen)', fr: 'Placements (actions, fonds, intérêts)', es: 'Inversiones (acciones, fondos, intereses)', pt: 'Investimentos (ações, fundos, juros)', ptBR: 'Investimentos (ações, fundos, juros)', ja: '投資収益（株式、投資信託、利息）', tl: 'Pamumuhunan (shares, pondo, interes)', tr: 'Yatırımlar (hisse, fon, faiz)', pl: 'Inwestycje (akcje, fundusze, odsetki)' },
  PENSION: { en: 'Pension', fi: 'Eläke', no: 'Pensjon', de: 'Rente oder Pension', fr: 'Pension de retraite', es: 'Pensión', pt: 'Pensão de reforma', ptBR: 'Aposentadoria ou pensão', ja: '年金', tl: 'Pensiyon', tr: 'Emekli maaşı', pl: 'Emerytura lub renta' },
  INHERITANCE: { en: 'Inheritance', fi: 'Perintö', no: 'Arv', de: 'Erbschaft', fr: 'Héritage', es: 'Herencia', pt: 'Herança', ptBR: 'Herança', ja: '相続', tl: 'Mana', tr: 'Miras', pl: 'Spadek' },
  PROPERTY_SALE: { en: 'Sale of property', fi: 'Kiinteistön tai asunnon myynti', no: 'Salg av eiendom', de: 'Verkauf einer Immobilie', fr: "Vente d'un bien immobilier", es: 'Venta de un inmueble', pt: 'Venda de imóvel', ptBR: 'Venda de imóvel', ja: '不動産の売却', tl: 'Pagbebenta ng ari-arian', tr: 'Mülk satışı', pl: 'Sprzedaż nieruchomości' },
  GIFT: { en: 'Gift', fi: 'Lahja', no: 'Gave', de: 'Schenkung', fr: 'Don', es: 'Donación', pt: 'Doação', ptBR: 'Doação', ja: '贈与', tl: 'Regalo', tr: 'Bağış / hediye', pl: 'Darowizna' },
  WINNINGS: { en: 'Gambling or lottery winnings', fi: 'Peli- tai arpajaisvoitot', no: 'Spill- eller lottogevinster', de: 'Glücksspiel- oder Lotteriegewinne', fr: 'Gains de jeux ou de loterie', es: 'Premios de juego o lotería', pt: 'Prémios de jogo ou lotaria', ptBR: 'Prêmios de jogos ou loteria', ja: 'ギャンブル・宝くじの当選金', tl: 'Panalo sa sugal o lotto', tr: 'Şans oyunu veya piyango kazancı', pl: 'Wygrane z gier lub loterii' },
  OTHER: OCCUPATION_TEXTS.OTHER,
};

/** A salary range's wording: `{min}` and `{max}` are amounts in the language's format. */
const SALARY_TEXTS = {
  below: { en: 'Under {max} a year', fi: 'Alle {max} vuodessa', no: 'Under {max} i året', de: 'Unter {max} im Jahr', fr: 'Moins de {max} par an', es: 'Menos de {max} al año', pt: 'Menos de {max} por ano', ptBR: 'Menos de {max} por ano', ja: '年収{max}未満', tl: 'Mas mababa sa {max} bawat taon', tr: 'Yıllık {max} altı', pl: 'Poniżej {max} rocznie' },
  between: { en: '{min} to {max} a year', fi: '{min}–{max} vuodessa', no: '{min}–{max} i året', de: '{min} bis {max} im Jahr', fr: 'De {min} à {max} par an', es: 'De {min} a {max} al año', pt: 'De {min} a {max} por ano', ptBR: 'De {min} a {max} por ano', ja: '年収{min}〜{max}', tl: '{min} hanggang {max} bawat taon', tr: 'Yıllık {min} – {max}', pl: 'Od {min} do {max} rocznie' },
  above: { en: '{min} or more a year', fi: 'Vähintään {min} vuodessa', no: '{min} eller mer i året', de: '{min} oder mehr im Jahr', fr: '{min} ou plus par an', es: '{min} o más al año', pt: '{min} ou mais por ano', ptBR: '{min} ou mais por ano', ja: '年収{min}以上', tl: '{min} o higit pa bawat taon', tr: 'Yıllık {min} ve üzeri', pl: '{min} lub więcej rocznie' },
} as const satisfies Record<string, Localised>;

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

function salaryLabel(range: (typeof EDD_SALARY_RANGES)[number], language: LanguageCode): string {
  const amount = new Intl.NumberFormat(LANGUAGES[language].intlLocale, { style: 'currency', currency: EDD_SALARY_CURRENCY, maximumFractionDigits: 0 });
  const min = amount.format(range.min);
  if (range.max === null) return fill(textIn(SALARY_TEXTS.above, language), { min });
  const max = amount.format(range.max);
  return fill(textIn(range.min === 0 ? SALARY_TEXTS.below : SALARY_TEXTS.between, language), { min, max });
}

function countriesIn(language: LanguageCode): EddLists['countries'] {
  const locale = LANGUAGES[language].intlLocale;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return EDD_COUNTRY_CODES.map((code) => ({ id: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}

const cache = new Map<LanguageCode, EddLists>();

/** The questionnaire's lists in `language`, in the order the form offers them (countries by name). */
export function eddListsIn(language: LanguageCode): EddLists {
  const cached = cache.get(language);
  if (cached) return cached;
  const lists: EddLists = {
    occupations: EDD_OCCUPATIONS.map((id) => ({ id, label: textIn(OCCUPATION_TEXTS[id], language) })),
    salaryRanges: EDD_SALARY_RANGES.map((range) => ({ id: range.id, label: salaryLabel(range, language) })),
    sourcesOfFunds: EDD_SOURCES_OF_FUNDS.map((id) => ({ id, label: textIn(SOURCE_OF_FUNDS_TEXTS[id], language) })),
    countries: countriesIn(language),
  };
  cache.set(language, lists);
  return lists;
}
