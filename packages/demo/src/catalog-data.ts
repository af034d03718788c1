import type { SceneSubject } from './artwork.js';

export type Lang = 'en' | 'fr' | 'ar';
export type LocalizedText = Record<Lang, string>;
export type SizeName = 'S' | 'M' | 'L' | 'XL';
export type Motif = 'star8' | 'rosette' | 'lattice' | 'chevron' | 'floral';

export interface SeedCategory {
  slug: 'caftan' | 'jellaba';
  name: LocalizedText; // e.g. Caftans / Caftans / قفاطين
  description: LocalizedText; // 1-2 sentences for the collections landing
  sortOrder: number;
}

export interface SeedColor {
  key: string; // kebab-case id, e.g. 'emerald'
  hex: string; // '#1f6b4f' (6-digit lowercase)
  name: LocalizedText;
}

export interface SeedProduct {
  slug: string; // kebab-case, unique, ascii, e.g. 'zahra-emerald-velvet-caftan'
  category: 'caftan' | 'jellaba';
  name: LocalizedText;
  description: LocalizedText; // 2-4 sentences: fabric, hand-work (sfifa, aakad buttons, tarz embroidery, mdamma belt...), occasion
  details: LocalizedText[]; // 4-6 feature bullets (fabric composition, embroidery, lining, closure, length, made in Fes/Marrakech/Rabat...)
  care: LocalizedText[]; // 3-4 care instructions
  price: string; // AED, decimal string with 2 decimals, e.g. '1250.00'
  oldPrice?: string; // only on some products, greater than price
  colors: string[]; // 1-4 SeedColor keys; the first is the main colour of the artwork
  sizes: SizeName[]; // most have all four; a few miss one
  status: 'active' | 'inactive';
  featured: boolean; // ~8 products
  bestSeller: boolean; // ~8 products (different from featured mostly)
  createdDaysAgo: number; // 1..240, all distinct, so "newest" sorting is meaningful
  motif: Motif; // pattern used by the generated artwork
  accent: string; // hex of the embroidery/trim colour (gold '#c9a24a', silver '#c0c4c8', or a tone)
}

export interface SeedGalleryItem {
  key: string; // 'atelier-fes', ...
  subject: SceneSubject; // what the generated picture shows: the caption must say the same
  caption: LocalizedText; // short caption / alt text
  palette: string[]; // 2-4 hex colours for the generated artwork
  motif: Motif;
}

// ---------------------------------------------------------------------------
// Shared copy: sizes, lengths, workshops and care instructions.
// ---------------------------------------------------------------------------

const ALL_SIZES: SizeName[] = ['S', 'M', 'L', 'XL'];
const GOLD = '#c9a24a';
const SILVER = '#c0c4c8';

const LENGTH_FLOOR: LocalizedText = {
  en: 'Floor length, about 150 cm from the shoulder',
  fr: 'Longueur au sol, environ 150 cm depuis l’épaule',
  ar: 'طول يلامس الأرض، نحو 150 سم من الكتف',
};

const LENGTH_ANKLE: LocalizedText = {
  en: 'Ankle length, about 140 cm from the shoulder',
  fr: 'Longueur cheville, environ 140 cm depuis l’épaule',
  ar: 'طول حتى الكاحل، نحو 140 سم من الكتف',
};

const LENGTH_CALF: LocalizedText = {
  en: 'Mid-calf length, about 115 cm from the shoulder, to wear over trousers',
  fr: 'Longueur mi-mollet, environ 115 cm depuis l’épaule, à porter sur un pantalon',
  ar: 'طول إلى منتصف الساق، نحو 115 سم من الكتف، يُلبس فوق السروال',
};

const MADE_IN_FES: LocalizedText = {
  en: 'Handmade by our artisans in Fes',
  fr: 'Fait main par nos artisans à Fès',
  ar: 'صُنع يدويًا على أيدي حرفيينا في فاس',
};

const MADE_IN_MARRAKECH: LocalizedText = {
  en: 'Handmade by our artisans in Marrakech',
  fr: 'Fait main par nos artisans à Marrakech',
  ar: 'صُنع يدويًا على أيدي حرفيينا في مراكش',
};

const MADE_IN_RABAT: LocalizedText = {
  en: 'Handmade by our artisans in Rabat',
  fr: 'Fait main par nos artisans à Rabat',
  ar: 'صُنع يدويًا على أيدي حرفيينا في الرباط',
};

const MADE_IN_TETOUAN: LocalizedText = {
  en: 'Handmade by our artisans in Tetouan',
  fr: 'Fait main par nos artisans à Tétouan',
  ar: 'صُنع يدويًا على أيدي حرفيينا في تطوان',
};

const MADE_IN_MEKNES: LocalizedText = {
  en: 'Handmade by our artisans in Meknes',
  fr: 'Fait main par nos artisans à Meknès',
  ar: 'صُنع يدويًا على أيدي حرفيينا في مكناس',
};

const DRY_CLEAN: LocalizedText = {
  en: 'Dry clean only, with a cleaner used to embroidered garments',
  fr: 'Nettoyage à sec uniquement, chez un professionnel habitué aux pièces brodées',
  ar: 'تنظيف جاف فقط لدى مختص معتاد على الملابس المطرزة',
};

const STEAM_REVERSE: LocalizedText = {
  en: 'Steam gently on the reverse; never iron directly over embroidery or sfifa',
  fr: 'Défroisser à la vapeur sur l’envers, sans jamais repasser directement la broderie ni la sfifa',
  ar: 'يُكوى بالبخار برفق من الجهة الداخلية، دون تمرير المكواة مباشرة على التطريز أو السفيفة',
};

const PADDED_HANGER: LocalizedText = {
  en: 'Hang on a padded hanger inside a breathable cotton garment bag',
  fr: 'Suspendre sur un cintre rembourré, dans une housse en coton respirante',
  ar: 'يُعلَّق على علّاقة مبطّنة داخل كيس قطني يسمح بمرور الهواء',
};

const PERFUME: LocalizedText = {
  en: 'Apply perfume and oud oil before dressing, never directly on the fabric',
  fr: 'Appliquer parfum et huile de oud avant de s’habiller, jamais directement sur le tissu',
  ar: 'يُوضع العطر ودهن العود قبل اللبس، وليس مباشرة على القماش',
};

const VELVET_BRUSH: LocalizedText = {
  en: 'Refresh velvet with a soft brush, following the direction of the pile',
  fr: 'Raviver le velours avec une brosse douce, dans le sens du poil',
  ar: 'يُنعَش المخمل بفرشاة ناعمة في اتجاه الوبر',
};

const VELVET_NO_IRON: LocalizedText = {
  en: 'Never iron velvet; hang it in a steamy bathroom to release creases',
  fr: 'Ne jamais repasser le velours ; le suspendre dans une salle de bains embuée pour le défroisser',
  ar: 'لا يُكوى المخمل أبدًا، بل يُعلَّق في حمّام مشبع بالبخار لتزول تجاعيده',
};

const TISSUE_FOLD: LocalizedText = {
  en: 'If folding, protect beading and embroidery with acid-free tissue paper',
  fr: 'Pour le plier, protéger perles et broderies avec du papier de soie non acide',
  ar: 'عند الطي، تُحمى المناطق المطرزة والخرز بورق حريري خالٍ من الأحماض',
};

const STEAM_LOW: LocalizedText = {
  en: 'Steam at low heat, keeping the iron away from beads and sequins',
  fr: 'Défroisser à la vapeur à basse température, loin des perles et des sequins',
  ar: 'يُكوى بالبخار على حرارة منخفضة بعيدًا عن الخرز والترتر',
};

const HAND_WASH_COOL: LocalizedText = {
  en: 'Hand wash in cool water with a mild detergent, or dry clean',
  fr: 'Laver à la main à l’eau froide avec une lessive douce, ou nettoyer à sec',
  ar: 'يُغسل يدويًا بماء بارد ومنظف لطيف، أو يُنظَّف تنظيفًا جافًا',
};

const NO_WRING: LocalizedText = {
  en: 'Do not wring or tumble dry',
  fr: 'Ne pas essorer ni sécher en machine',
  ar: 'لا يُعصر ولا يُجفَّف في المجفف',
};

const IRON_REVERSE_LOW: LocalizedText = {
  en: 'Iron on the reverse at low temperature',
  fr: 'Repasser sur l’envers à basse température',
  ar: 'يُكوى من الجهة الداخلية على حرارة منخفضة',
};

const DRY_ON_HANGER: LocalizedText = {
  en: 'Dry on a hanger in the shade',
  fr: 'Sécher sur cintre, à l’ombre',
  ar: 'يُجفَّف على علّاقة في الظل',
};

const WOOL_WASH: LocalizedText = {
  en: 'Hand wash cold with a wool detergent, or dry clean',
  fr: 'Laver à la main à froid avec une lessive spéciale laine, ou nettoyer à sec',
  ar: 'يُغسل يدويًا بماء بارد ومنظف خاص بالصوف، أو يُنظَّف تنظيفًا جافًا',
};

const WOOL_DRY_FLAT: LocalizedText = {
  en: 'Dry flat in the shade, away from direct heat',
  fr: 'Sécher à plat, à l’ombre et loin de toute source de chaleur',
  ar: 'يُجفَّف مفرودًا في الظل بعيدًا عن مصادر الحرارة',
};

const WOOL_STEAM: LocalizedText = {
  en: 'Steam with a damp cloth between the iron and the wool',
  fr: 'Repasser à la vapeur en utilisant une pattemouille',
  ar: 'يُكوى بالبخار مع وضع قطعة قماش رطبة بين المكواة والصوف',
};

const WOOL_CEDAR: LocalizedText = {
  en: 'Store folded with cedar wood to keep moths away',
  fr: 'Ranger plié avec du bois de cèdre pour éloigner les mites',
  ar: 'يُحفظ مطويًا مع قطع من خشب الأرز لإبعاد العث',
};

const MACHINE_30: LocalizedText = {
  en: 'Machine wash at 30°C on a gentle cycle, inside out',
  fr: 'Lavage en machine à 30 °C, cycle délicat, sur l’envers',
  ar: 'يُغسل في الغسالة على 30 درجة مئوية ببرنامج لطيف، مقلوبًا على الجهة الداخلية',
};

const WASH_SEPARATELY: LocalizedText = {
  en: 'Wash separately the first few times',
  fr: 'Laver séparément les premières fois',
  ar: 'يُغسل منفصلًا في المرات الأولى',
};

const IRON_DAMP: LocalizedText = {
  en: 'Iron at medium heat while still slightly damp',
  fr: 'Repasser à température moyenne, sur un tissu encore légèrement humide',
  ar: 'يُكوى على حرارة متوسطة وهو لا يزال رطبًا قليلًا',
};

const SHADE_DRY: LocalizedText = {
  en: 'Dry in the shade to keep colours bright',
  fr: 'Sécher à l’ombre pour préserver l’éclat des couleurs',
  ar: 'يُجفَّف في الظل للحفاظ على زهاء الألوان',
};

/** Heavily embroidered pieces: brocade, silk-blend crepe, bridal satin. */
const CARE_EMBROIDERED: LocalizedText[] = [DRY_CLEAN, STEAM_REVERSE, PADDED_HANGER, PERFUME];
/** Velvet caftans and takchitas. */
const CARE_VELVET: LocalizedText[] = [DRY_CLEAN, VELVET_BRUSH, VELVET_NO_IRON, PADDED_HANGER];
/** Chiffon, satin, organza and beaded pieces. */
const CARE_DELICATE: LocalizedText[] = [DRY_CLEAN, STEAM_LOW, TISSUE_FOLD, PERFUME];
/** Crepe and mlifa pieces that tolerate a gentle hand wash. */
const CARE_CREPE: LocalizedText[] = [HAND_WASH_COOL, NO_WRING, IRON_REVERSE_LOW, DRY_ON_HANGER];
/** Wool jellabas. */
const CARE_WOOL: LocalizedText[] = [WOOL_WASH, WOOL_DRY_FLAT, WOOL_STEAM, WOOL_CEDAR];
/** Linen and cotton pieces. */
const CARE_WASHABLE: LocalizedText[] = [MACHINE_30, WASH_SEPARATELY, IRON_DAMP, SHADE_DRY];

// ---------------------------------------------------------------------------
// Collections and colours.
// ---------------------------------------------------------------------------

export const categories: SeedCategory[] = [
  {
    slug: 'caftan',
    name: { en: 'Caftans', fr: 'Caftans', ar: 'قفاطين' },
    description: {
      en: 'Ceremonial caftans and takchitas, embroidered and finished by hand in Fes, Rabat and Marrakech for weddings, henna nights and Eid.',
      fr: 'Caftans et takchitas de cérémonie, brodés et finis à la main à Fès, Rabat et Marrakech pour les mariages, les nuits du henné et l’Aïd.',
      ar: 'قفاطين وتكشيطات للمناسبات، مطرّزة ومشطّبة يدويًا في فاس والرباط ومراكش، للأعراس وليالي الحناء والعيد.',
    },
    sortOrder: 1,
  },
  {
    slug: 'jellaba',
    name: { en: 'Jellabas', fr: 'Djellabas', ar: 'جلابيب' },
    description: {
      en: 'Hooded jellabas for men and women, from handwoven Atlas wool for winter to airy linen for the hottest days.',
      fr: 'Djellabas à capuche pour hommes et femmes, de la laine de l’Atlas tissée main pour l’hiver au lin aérien pour les plus fortes chaleurs.',
      ar: 'جلابيب رجالية ونسائية بغطاء الرأس التقليدي، من صوف الأطلس المنسوج يدويًا للشتاء إلى الكتان الخفيف لأشد الأيام حرًّا.',
    },
    sortOrder: 2,
  },
];

export const colors: SeedColor[] = [
  { key: 'emerald', hex: '#1f6b4f', name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' } },
  { key: 'midnight-blue', hex: '#1c2a4a', name: { en: 'Midnight blue', fr: 'Bleu nuit', ar: 'أزرق ليلي' } },
  {
    key: 'majorelle-blue',
    hex: '#2a4fbf',
    name: { en: 'Majorelle blue', fr: 'Bleu Majorelle', ar: 'أزرق ماجوريل' },
  },
  { key: 'sky-blue', hex: '#8fbfe0', name: { en: 'Sky blue', fr: 'Bleu ciel', ar: 'أزرق سماوي' } },
  { key: 'petrol', hex: '#1d5c63', name: { en: 'Petrol blue', fr: 'Bleu pétrole', ar: 'أزرق بترولي' } },
  { key: 'ivory', hex: '#f4ecdc', name: { en: 'Ivory', fr: 'Ivoire', ar: 'عاجي' } },
  { key: 'champagne', hex: '#e8d6b3', name: { en: 'Champagne', fr: 'Champagne', ar: 'شمبانيا' } },
  { key: 'saffron', hex: '#e0a526', name: { en: 'Saffron', fr: 'Safran', ar: 'زعفراني' } },
  { key: 'terracotta', hex: '#c2603d', name: { en: 'Terracotta', fr: 'Terre cuite', ar: 'قرميدي' } },
  { key: 'camel', hex: '#a47551', name: { en: 'Camel', fr: 'Camel', ar: 'جملي' } },
  { key: 'bordeaux', hex: '#6d1a2a', name: { en: 'Bordeaux', fr: 'Bordeaux', ar: 'عنابي' } },
  { key: 'rose-gold', hex: '#c99a8b', name: { en: 'Rose gold', fr: 'Or rose', ar: 'ذهبي وردي' } },
  { key: 'dusty-pink', hex: '#d8a7a7', name: { en: 'Dusty pink', fr: 'Rose poudré', ar: 'وردي بودري' } },
  { key: 'lilac', hex: '#b9a2c8', name: { en: 'Lilac', fr: 'Lilas', ar: 'ليلكي' } },
  { key: 'sage', hex: '#9aab8f', name: { en: 'Sage', fr: 'Vert sauge', ar: 'أخضر مريمي' } },
  { key: 'pearl-grey', hex: '#c9c7c2', name: { en: 'Pearl grey', fr: 'Gris perle', ar: 'رمادي لؤلؤي' } },
  { key: 'charcoal', hex: '#3a3a3c', name: { en: 'Charcoal', fr: 'Anthracite', ar: 'رمادي فحمي' } },
  { key: 'black', hex: '#1a1a1a', name: { en: 'Black', fr: 'Noir', ar: 'أسود' } },
];

// ---------------------------------------------------------------------------
// Products: 24 caftans, then 18 jellabas. Array order is the default order within a collection.
// ---------------------------------------------------------------------------

export const products: SeedProduct[] = [
  // ----- Caftans -----
  {
    slug: 'zahra-emerald-velvet-caftan',
    category: 'caftan',
    name: {
      en: 'Zahra Emerald Velvet Caftan',
      fr: 'Caftan Zahra en velours émeraude',
      ar: 'قفطان زهرة من المخمل الزمردي',
    },
    description: {
      en: 'Cut from deep emerald velvet, Zahra is finished with a hand-braided gold sfifa that runs from collar to hem and closes with more than sixty aakad buttons. A matching mdamma belt draws in the waist for a regal silhouette made for weddings and engagement evenings.',
      fr: 'Taillé dans un velours émeraude profond, Zahra est bordé d’une sfifa dorée tressée à la main, du col jusqu’à l’ourlet, et se ferme par plus de soixante boutons aakad. Sa ceinture mdamma assortie marque la taille pour une silhouette majestueuse, pensée pour les mariages et les soirées de fiançailles.',
      ar: 'فُصّل قفطان زهرة من مخمل زمردي عميق، وزُيّن بسفيفة ذهبية مضفورة يدويًا تمتد من الياقة حتى الذيل، ويُغلق بأكثر من ستين زرًّا من العقاد. وتأتي معه مضمّة مطابقة تشدّ الخصر لإطلالة ملكية تليق بالأعراس وحفلات الخطوبة.',
    },
    details: [
      {
        en: 'Cotton-backed velvet with a soft, dense pile',
        fr: 'Velours à envers coton, au toucher dense et doux',
        ar: 'مخمل بظهر قطني ووبر كثيف ناعم',
      },
      {
        en: 'Gold sfifa and aakad buttons stitched by hand',
        fr: 'Sfifa dorée et boutons aakad cousus à la main',
        ar: 'سفيفة ذهبية وأزرار عقاد مخيطة باليد',
      },
      {
        en: 'Fully lined in champagne satin',
        fr: 'Entièrement doublé de satin champagne',
        ar: 'مبطّن بالكامل بساتان بلون الشمبانيا',
      },
      {
        en: 'Matching mdamma belt with metal clasp included',
        fr: 'Ceinture mdamma assortie à fermoir métallique incluse',
        ar: 'مضمّة مطابقة بمشبك معدني مرفقة',
      },
      LENGTH_FLOOR,
      MADE_IN_FES,
    ],
    care: CARE_VELVET,
    price: '2450.00',
    colors: ['emerald', 'midnight-blue', 'bordeaux'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: true,
    bestSeller: true,
    createdDaysAgo: 9,
    motif: 'star8',
    accent: GOLD,
  },
  {
    slug: 'lalla-yacout-saffron-takchita',
    category: 'caftan',
    name: {
      en: 'Lalla Yacout Saffron Takchita',
      fr: 'Takchita Lalla Yacout safran',
      ar: 'تكشيطة لالة ياقوت بلون الزعفران',
    },
    description: {
      en: 'A two-piece takchita in the grand tradition: a saffron satin underdress topped by an organza dfina embroidered with gold sqalli thread. The hand-beaded mdamma and cascading aakad buttons make it a natural choice for the henna night or one of the bride’s changes on the wedding night.',
      fr: 'Une takchita en deux pièces dans la plus pure tradition : une robe de dessous en satin safran, surmontée d’une dfina en organza brodée de fil sqalli doré. Sa mdamma perlée à la main et sa cascade de boutons aakad en font un choix tout trouvé pour la nuit du henné ou l’une des tenues de la mariée.',
      ar: 'تكشيطة من قطعتين على أصول التقاليد: فستان داخلي من الساتان بلون الزعفران تعلوه دفينة من الأورغانزا مطرّزة بخيط الصقلي الذهبي. وتجعل منها المضمّة المرصّعة يدويًا بالخرز وصفوف أزرار العقاد اختيارًا مثاليًا لليلة الحناء أو لإحدى إطلالات العروس.',
    },
    details: [
      {
        en: 'Two pieces: satin underdress and organza dfina',
        fr: 'Deux pièces : robe de dessous en satin et dfina en organza',
        ar: 'قطعتان: فستان داخلي من الساتان ودفينة من الأورغانزا',
      },
      {
        en: 'Gold sqalli thread embroidery on the dfina',
        fr: 'Broderie au fil sqalli doré sur la dfina',
        ar: 'تطريز بخيط الصقلي الذهبي على الدفينة',
      },
      {
        en: 'Hand-beaded mdamma belt included',
        fr: 'Ceinture mdamma perlée à la main incluse',
        ar: 'مضمّة مطرّزة بالخرز يدويًا مرفقة',
      },
      {
        en: 'Around 120 hours of hand-work per piece',
        fr: 'Environ 120 heures de travail manuel par pièce',
        ar: 'نحو 120 ساعة من العمل اليدوي لكل قطعة',
      },
      LENGTH_FLOOR,
      MADE_IN_FES,
    ],
    care: CARE_DELICATE,
    price: '4650.00',
    colors: ['saffron', 'emerald', 'rose-gold'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 5,
    motif: 'rosette',
    accent: GOLD,
  },
  {
    slug: 'fassia-bordeaux-brocade-caftan',
    category: 'caftan',
    name: {
      en: 'Fassia Bordeaux Brocade Caftan',
      fr: 'Caftan Fassia en brocart bordeaux',
      ar: 'قفطان فاسية من الديباج العنابي',
    },
    description: {
      en: 'Fassia honours the old caftans of Fes: a heavy bordeaux brocade woven with gold arabesques, edged with traditional tarz fassi and a fine sfifa rolled by hand. Its straight, generous cut is meant to be worn with a wide mdamma at a wedding or a family celebration.',
      fr: 'Fassia rend hommage aux caftans anciens de Fès : un brocart bordeaux épais tissé d’arabesques dorées, rehaussé de tarz fassi traditionnel et d’une fine sfifa roulée à la main. Sa coupe droite et ample se porte avec une large mdamma pour un mariage ou une fête de famille.',
      ar: 'يستحضر قفطان فاسية القفاطين العريقة لمدينة فاس: ديباج عنابي ثقيل منسوج بزخارف أرابيسك ذهبية، مزيّن بالطرز الفاسي التقليدي وسفيفة رفيعة مفتولة باليد. وتُلبس قصّته المستقيمة الواسعة مع مضمّة عريضة في الأعراس والمناسبات العائلية.',
    },
    details: [
      {
        en: 'Jacquard brocade with gold lurex arabesques',
        fr: 'Brocart jacquard à arabesques en lurex doré',
        ar: 'ديباج جاكار بزخارف أرابيسك من خيوط ذهبية لامعة',
      },
      {
        en: 'Tarz fassi embroidery worked in silk thread',
        fr: 'Broderie tarz fassi exécutée au fil de soie',
        ar: 'طرز فاسي منفّذ بخيوط الحرير',
      },
      {
        en: 'Lined in breathable cotton voile',
        fr: 'Doublure en voile de coton respirant',
        ar: 'بطانة من القطن الخفيف تسمح بمرور الهواء',
      },
      {
        en: 'Traditional straight cut with side slits',
        fr: 'Coupe droite traditionnelle avec fentes latérales',
        ar: 'قصة مستقيمة تقليدية مع فتحات جانبية',
      },
      LENGTH_FLOOR,
      MADE_IN_FES,
    ],
    care: CARE_EMBROIDERED,
    price: '3250.00',
    colors: ['bordeaux', 'emerald', 'midnight-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 43,
    motif: 'lattice',
    accent: GOLD,
  },
  {
    slug: 'sultana-bordeaux-velvet-takchita',
    category: 'caftan',
    name: {
      en: 'Sultana Bordeaux Velvet Takchita',
      fr: 'Takchita Sultana en velours bordeaux',
      ar: 'تكشيطة سلطانة من المخمل العنابي',
    },
    description: {
      en: 'Our most ceremonial piece: a bordeaux velvet takchita with a gold-embroidered dfina, dense sqalli work across the chest and a wide jewelled mdamma. Sultana is made for the bride’s grand entrance and the most festive wedding nights.',
      fr: 'Notre pièce la plus cérémonielle : une takchita en velours bordeaux, une dfina brodée d’or, un travail de sqalli dense sur le plastron et une large mdamma ornée de bijoux. Sultana est faite pour l’entrée de la mariée et les plus belles soirées de mariage.',
      ar: 'أكثر قطعنا فخامة: تكشيطة من المخمل العنابي بدفينة مطرّزة بالذهب، وأعمال صقلي كثيفة على الصدر، ومضمّة عريضة مرصّعة بالحُلي. صُمّمت سلطانة لزفّة العروس ولأبهى ليالي الأعراس.',
    },
    details: [
      {
        en: 'Two pieces: velvet underdress and embroidered dfina',
        fr: 'Deux pièces : robe en velours et dfina brodée',
        ar: 'قطعتان: فستان من المخمل ودفينة مطرّزة',
      },
      {
        en: 'Dense gold sqalli embroidery on the chest and sleeves',
        fr: 'Broderie sqalli dorée dense sur le plastron et les manches',
        ar: 'تطريز كثيف بخيط الصقلي الذهبي على الصدر والأكمام',
      },
      {
        en: 'Wide adjustable mdamma set with stones',
        fr: 'Large mdamma réglable sertie de pierres',
        ar: 'مضمّة عريضة قابلة للتعديل ومرصّعة بالأحجار',
      },
      {
        en: 'Fully lined, with a short train',
        fr: 'Entièrement doublée, avec une légère traîne',
        ar: 'مبطّنة بالكامل مع ذيل قصير',
      },
      {
        en: 'About 160 hours of hand-work',
        fr: 'Environ 160 heures de travail manuel',
        ar: 'نحو 160 ساعة من العمل اليدوي',
      },
      MADE_IN_FES,
    ],
    care: CARE_VELVET,
    price: '4800.00',
    colors: ['bordeaux', 'emerald', 'midnight-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 3,
    motif: 'star8',
    accent: GOLD,
  },
  {
    slug: 'safae-champagne-bridal-caftan',
    category: 'caftan',
    name: {
      en: 'Safae Champagne Bridal Caftan',
      fr: 'Caftan de mariée Safae champagne',
      ar: 'قفطان العروس صفاء بلون الشمبانيا',
    },
    description: {
      en: 'Safae is our bridal caftan: champagne duchess satin almost entirely covered in gold sqalli embroidery, pearl work and hand-braided sfifa, with a jewelled mdamma to match. Made in very small numbers, each piece takes our master artisans in Fes several weeks.',
      fr: 'Safae est notre caftan de mariée : un satin duchesse champagne presque entièrement couvert de broderie sqalli dorée, de perles et d’une sfifa tressée à la main, accompagné d’une mdamma ornée de bijoux. Réalisé en très petite série, chaque modèle demande plusieurs semaines de travail à nos maâlems de Fès.',
      ar: 'صفاء هو قفطان العروس لدينا: ساتان الدوقة بلون الشمبانيا يكاد يغطيه بالكامل تطريز الصقلي الذهبي وأعمال اللؤلؤ والسفيفة المضفورة يدويًا، مع مضمّة مرصّعة مطابقة. يُصنع بأعداد محدودة جدًا، وتستغرق كل قطعة أسابيع من عمل معلّمينا في فاس.',
    },
    details: [
      {
        en: 'Duchess satin, fully lined',
        fr: 'Satin duchesse entièrement doublé',
        ar: 'ساتان الدوقة مبطّن بالكامل',
      },
      {
        en: 'Gold sqalli embroidery and hand-set pearls',
        fr: 'Broderie sqalli dorée et perles posées à la main',
        ar: 'تطريز بخيط الصقلي الذهبي ولآلئ مثبّتة يدويًا',
      },
      {
        en: 'Jewelled mdamma belt included',
        fr: 'Mdamma ornée de bijoux incluse',
        ar: 'مضمّة مرصّعة بالحُلي مرفقة',
      },
      {
        en: 'Made to order in 4 to 6 weeks',
        fr: 'Confectionné sur commande en 4 à 6 semaines',
        ar: 'يُصنع حسب الطلب خلال 4 إلى 6 أسابيع',
      },
      LENGTH_FLOOR,
      MADE_IN_FES,
    ],
    care: CARE_EMBROIDERED,
    price: '4450.00',
    colors: ['champagne', 'ivory'],
    sizes: ['S', 'M', 'L'],
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 2,
    motif: 'floral',
    accent: GOLD,
  },
  {
    slug: 'yasmine-ivory-chiffon-caftan',
    category: 'caftan',
    name: {
      en: 'Yasmine Ivory Chiffon Caftan',
      fr: 'Caftan Yasmine en mousseline ivoire',
      ar: 'قفطان ياسمين من الشيفون العاجي',
    },
    description: {
      en: 'Yasmine floats in two layers of ivory chiffon over a satin slip, with silver tarz embroidery climbing the sleeves like jasmine vines. Light enough for a summer engagement, a ladies’ reception or Eid lunch with the family.',
      fr: 'Yasmine se compose de deux voiles de mousseline ivoire posés sur un fond de satin, avec une broderie tarz argentée qui grimpe le long des manches comme des branches de jasmin. Assez léger pour des fiançailles d’été, une réception entre femmes ou un déjeuner de l’Aïd en famille.',
      ar: 'يتألف قفطان ياسمين من طبقتين من الشيفون العاجي فوق بطانة من الساتان، ويزيّن الطرز الفضي أكمامه كأغصان الياسمين المتسلقة. خفيف بما يكفي لخطوبة صيفية أو جلسة نسائية أو غداء العيد مع العائلة.',
    },
    details: [
      {
        en: 'Double-layer silk-touch chiffon over satin',
        fr: 'Double voile de mousseline au toucher soyeux sur fond de satin',
        ar: 'طبقتان من الشيفون بملمس حريري فوق الساتان',
      },
      {
        en: 'Silver tarz embroidery on the sleeves and neckline',
        fr: 'Broderie tarz argentée sur les manches et l’encolure',
        ar: 'طرز فضي على الأكمام وفتحة العنق',
      },
      {
        en: 'Pearl beads hand-set along the front opening',
        fr: 'Perles nacrées posées à la main le long de l’ouverture',
        ar: 'حبات لؤلؤ مثبّتة يدويًا على طول الفتحة الأمامية',
      },
      {
        en: 'Front fastening with silver aakad buttons',
        fr: 'Fermeture devant par boutons aakad argentés',
        ar: 'إغلاق أمامي بأزرار عقاد فضية',
      },
      LENGTH_FLOOR,
      MADE_IN_RABAT,
    ],
    care: CARE_DELICATE,
    price: '1890.00',
    oldPrice: '2190.00',
    colors: ['ivory', 'champagne', 'dusty-pink'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 34,
    motif: 'floral',
    accent: SILVER,
  },
  {
    slug: 'majorelle-blue-satin-caftan',
    category: 'caftan',
    name: {
      en: 'Majorelle Blue Satin Caftan',
      fr: 'Caftan Majorelle en satin bleu',
      ar: 'قفطان ماجوريل من الساتان الأزرق',
    },
    description: {
      en: 'Inspired by the cobalt walls of the Majorelle Garden, this duchess satin caftan pairs an intense blue with a saffron-gold sfifa and a slim mdamma. Its clean lines and subtle sheen suit Eid gatherings and elegant dinners alike.',
      fr: 'Inspiré des murs cobalt du jardin Majorelle, ce caftan en satin duchesse associe un bleu intense à une sfifa or safran et à une fine mdamma. Ses lignes épurées et son éclat subtil conviennent aussi bien aux réunions de l’Aïd qu’aux dîners élégants.',
      ar: 'استُلهم هذا القفطان من جدران حديقة ماجوريل بلونها الكوبالتي، فجمع ساتان الدوقة الأزرق الزاهي مع سفيفة ذهبية بلون الزعفران ومضمّة رفيعة. خطوطه البسيطة ولمعانه الهادئ يجعلانه مناسبًا لتجمعات العيد والعشاءات الراقية على حد سواء.',
    },
    details: [
      {
        en: 'Duchess satin with a soft, pearly sheen',
        fr: 'Satin duchesse à l’éclat doux et nacré',
        ar: 'ساتان الدوقة بلمعان لؤلؤي ناعم',
      },
      {
        en: 'Saffron-gold sfifa along the front and cuffs',
        fr: 'Sfifa or safran sur le devant et les poignets',
        ar: 'سفيفة ذهبية بلون الزعفران على الواجهة وأطراف الأكمام',
      },
      {
        en: 'Slim mdamma belt with a hand-woven buckle',
        fr: 'Fine ceinture mdamma à boucle tissée main',
        ar: 'مضمّة رفيعة بإبزيم منسوج يدويًا',
      },
      {
        en: 'Lined in breathable viscose',
        fr: 'Doublure en viscose respirante',
        ar: 'بطانة من الفسكوز تسمح بمرور الهواء',
      },
      LENGTH_FLOOR,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_DELICATE,
    price: '1750.00',
    colors: ['majorelle-blue', 'emerald', 'black'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 63,
    motif: 'lattice',
    accent: '#e0a526',
  },
  {
    slug: 'chefchaouen-sky-blue-crepe-caftan',
    category: 'caftan',
    name: {
      en: 'Chefchaouen Sky Blue Crepe Caftan',
      fr: 'Caftan Chefchaouen en crêpe bleu ciel',
      ar: 'قفطان شفشاون من الكريب الأزرق السماوي',
    },
    description: {
      en: 'As fresh as the blue lanes of Chefchaouen, this light crepe caftan is trimmed with a silver sfifa and small covered aakad buttons. Easy to wear and easy to pack, it is our favourite for Eid visits and relaxed family evenings.',
      fr: 'Frais comme les ruelles bleues de Chefchaouen, ce caftan en crêpe léger est bordé d’une sfifa argentée et de petits boutons aakad recouverts. Facile à porter et à emporter en voyage, c’est notre préféré pour les visites de l’Aïd et les soirées en famille.',
      ar: 'منعش كأزقّة شفشاون الزرقاء، هذا القفطان من الكريب الخفيف مزيّن بسفيفة فضية وأزرار عقاد صغيرة مكسوّة بالقماش. سهل اللبس وسهل الحمل في السفر، وهو المفضّل لدينا لزيارات العيد والسهرات العائلية الهادئة.',
    },
    details: [
      {
        en: 'Lightweight crepe that resists creasing',
        fr: 'Crêpe léger qui se froisse peu',
        ar: 'كريب خفيف مقاوم للتجعد',
      },
      {
        en: 'Silver sfifa and fabric-covered aakad buttons',
        fr: 'Sfifa argentée et boutons aakad recouverts de tissu',
        ar: 'سفيفة فضية وأزرار عقاد مكسوّة بالقماش',
      },
      {
        en: 'Relaxed, gently flared cut that needs no belt',
        fr: 'Coupe souple légèrement évasée, sans ceinture',
        ar: 'قصة مريحة متّسعة قليلًا من الأسفل لا تحتاج إلى حزام',
      },
      {
        en: 'Unlined for warm evenings',
        fr: 'Non doublé, idéal pour les soirées chaudes',
        ar: 'دون بطانة ليناسب الأمسيات الدافئة',
      },
      LENGTH_ANKLE,
      MADE_IN_TETOUAN,
    ],
    care: CARE_CREPE,
    price: '1290.00',
    oldPrice: '1490.00',
    colors: ['sky-blue', 'ivory', 'lilac'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 50,
    motif: 'star8',
    accent: SILVER,
  },
  {
    slug: 'marrakech-terracotta-linen-caftan',
    category: 'caftan',
    name: {
      en: 'Marrakech Terracotta Linen Caftan',
      fr: 'Caftan Marrakech en lin terre cuite',
      ar: 'قفطان مراكش من الكتان القرميدي',
    },
    description: {
      en: 'Dyed the colour of the Marrakech ramparts, this washed-linen caftan is our answer to hot afternoons: breathable, easy and quietly elegant. A saffron sfifa and a row of linen aakad buttons keep the traditional spirit for everyday wear.',
      fr: 'Teint de la couleur des remparts de Marrakech, ce caftan en lin lavé est notre réponse aux après-midis brûlants : respirant, facile et d’une élégance discrète. Une sfifa safran et une rangée de boutons aakad en lin lui gardent son esprit traditionnel, au quotidien.',
      ar: 'صُبغ هذا القفطان من الكتان المغسول بلون أسوار مراكش، ليكون رفيقك في الأيام الحارة: يسمح بمرور الهواء، سهل اللبس وأنيق دون تكلّف. وتحفظ سفيفته الزعفرانية وصفّ من أزرار العقاد المكسوّة بالكتان روحه التقليدية في إطلالاتك اليومية.',
    },
    details: [
      {
        en: '100% washed linen',
        fr: '100 % lin lavé',
        ar: 'كتان مغسول بنسبة 100٪',
      },
      {
        en: 'Saffron sfifa along the opening and sleeves',
        fr: 'Sfifa safran le long de l’ouverture et des manches',
        ar: 'سفيفة زعفرانية على طول الفتحة والأكمام',
      },
      {
        en: 'Linen-covered aakad buttons',
        fr: 'Boutons aakad recouverts de lin',
        ar: 'أزرار عقاد مكسوّة بالكتان',
      },
      {
        en: 'Two discreet side pockets',
        fr: 'Deux poches latérales discrètes',
        ar: 'جيبان جانبيان غير ظاهرين',
      },
      LENGTH_ANKLE,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_WASHABLE,
    price: '890.00',
    colors: ['terracotta', 'ivory', 'sage', 'camel'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 41,
    motif: 'chevron',
    accent: '#e0a526',
  },
  {
    slug: 'kenza-dusty-pink-crepe-caftan',
    category: 'caftan',
    name: {
      en: 'Kenza Dusty Pink Crepe Caftan',
      fr: 'Caftan Kenza en crêpe rose poudré',
      ar: 'قفطان كنزة من الكريب الوردي البودري',
    },
    description: {
      en: 'Kenza is a soft powder-pink crepe with a rose-gold sfifa and a floral tarz motif that blooms across the chest. Gentle and feminine, it has become a favourite for Eid mornings and family gatherings.',
      fr: 'Kenza, c’est un crêpe rose poudré, une sfifa or rose et un motif tarz floral qui s’épanouit sur le buste. Doux et féminin, il est devenu un incontournable des matins de l’Aïd et des réunions de famille.',
      ar: 'قفطان كنزة من الكريب الوردي البودري، بسفيفة بلون الذهب الوردي وطرز زهري يتفتّح على الصدر. رقيق وأنثوي، وقد أصبح من المفضّلات لصباحات العيد واللقاءات العائلية.',
    },
    details: [
      {
        en: 'Crepe with a light stretch',
        fr: 'Crêpe légèrement extensible',
        ar: 'كريب بمرونة خفيفة',
      },
      {
        en: 'Floral tarz embroidery across the chest',
        fr: 'Broderie tarz florale sur le buste',
        ar: 'طرز زهري على الصدر',
      },
      {
        en: 'Rose-gold sfifa and hand-sewn aakad buttons',
        fr: 'Sfifa or rose et boutons aakad cousus main',
        ar: 'سفيفة بلون الذهب الوردي وأزرار عقاد مخيطة يدويًا',
      },
      {
        en: 'Lined bodice',
        fr: 'Buste doublé',
        ar: 'الجزء العلوي مبطّن',
      },
      LENGTH_FLOOR,
      MADE_IN_FES,
    ],
    care: CARE_CREPE,
    price: '1650.00',
    oldPrice: '1850.00',
    colors: ['dusty-pink', 'lilac', 'ivory'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 31,
    motif: 'floral',
    accent: '#c99a8b',
  },
  {
    slug: 'ghita-emerald-henna-caftan',
    category: 'caftan',
    name: {
      en: 'Ghita Emerald Henna Caftan',
      fr: 'Caftan Ghita émeraude pour le henné',
      ar: 'قفطان غيثة للحناء بالأخضر الزمردي',
    },
    description: {
      en: 'Green is the colour of the henna night, and Ghita celebrates it with bright emerald satin, gold tarz on the sleeves and a saffron mdamma. Made to shine in photos among candles, henna trays and joyful ululations.',
      fr: 'Le vert est la couleur de la nuit du henné, et Ghita la célèbre avec un satin émeraude éclatant, un tarz doré sur les manches et une mdamma safran. Fait pour briller en photo, entre les bougies, les plateaux de henné et les youyous.',
      ar: 'الأخضر لون ليلة الحناء، وقفطان غيثة يحتفي به بساتان زمردي مشرق، وطرز ذهبي على الأكمام، ومضمّة بلون الزعفران. صُمّم ليتألق في الصور بين الشموع وأطباق الحناء وزغاريد الفرح.',
    },
    details: [
      {
        en: 'Bright satin with a light stretch',
        fr: 'Satin éclatant légèrement extensible',
        ar: 'ساتان مشرق بمرونة خفيفة',
      },
      {
        en: 'Gold tarz embroidery on the sleeves',
        fr: 'Broderie tarz dorée sur les manches',
        ar: 'طرز ذهبي على الأكمام',
      },
      {
        en: 'Saffron mdamma belt included',
        fr: 'Ceinture mdamma safran incluse',
        ar: 'مضمّة بلون الزعفران مرفقة',
      },
      {
        en: 'Gold sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad dorés',
        ar: 'سفيفة وأزرار عقاد ذهبية',
      },
      LENGTH_FLOOR,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_DELICATE,
    price: '2090.00',
    colors: ['emerald', 'saffron'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 52,
    motif: 'rosette',
    accent: GOLD,
  },
  {
    slug: 'rim-midnight-blue-takchita',
    category: 'caftan',
    name: {
      en: 'Rim Midnight Blue Takchita',
      fr: 'Takchita Rim bleu nuit',
      ar: 'تكشيطة ريم بالأزرق الليلي',
    },
    description: {
      en: 'Rim layers a midnight-blue satin underdress with a sheer dfina embroidered in silver thread and sequins, like a sky full of stars. The silver mdamma and fine sfifa make it a luminous choice for wedding guests and Eid evenings.',
      fr: 'Rim superpose une robe de dessous en satin bleu nuit et une dfina transparente brodée de fil argenté et de sequins, comme un ciel étoilé. Sa mdamma argentée et sa sfifa délicate en font un choix lumineux pour les invitées d’un mariage et les soirées de l’Aïd.',
      ar: 'تجمع تكشيطة ريم بين فستان داخلي من الساتان الأزرق الليلي ودفينة شفافة مطرّزة بخيط فضي وترتر، كسماء مرصّعة بالنجوم. وتجعلها المضمّة الفضية والسفيفة الرقيقة اختيارًا متألقًا لضيفات الأعراس وسهرات العيد.',
    },
    details: [
      {
        en: 'Two pieces: satin underdress and tulle dfina',
        fr: 'Deux pièces : robe en satin et dfina en tulle',
        ar: 'قطعتان: فستان من الساتان ودفينة من التول',
      },
      {
        en: 'Silver thread and sequin embroidery',
        fr: 'Broderie de fil argenté et de sequins',
        ar: 'تطريز بالخيط الفضي والترتر',
      },
      {
        en: 'Silver mdamma belt included',
        fr: 'Ceinture mdamma argentée incluse',
        ar: 'مضمّة فضية مرفقة',
      },
      {
        en: 'Silver aakad buttons down the front',
        fr: 'Boutons aakad argentés sur le devant',
        ar: 'أزرار عقاد فضية على الواجهة',
      },
      LENGTH_FLOOR,
      MADE_IN_RABAT,
    ],
    care: CARE_DELICATE,
    price: '3890.00',
    oldPrice: '4290.00',
    colors: ['midnight-blue', 'petrol', 'black'],
    sizes: ['M', 'L', 'XL'],
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 44,
    motif: 'lattice',
    accent: SILVER,
  },
  {
    slug: 'tetouan-midnight-crepe-caftan',
    category: 'caftan',
    name: {
      en: 'Tetouan Midnight Crepe Caftan',
      fr: 'Caftan Tétouan en crêpe bleu nuit',
      ar: 'قفطان تطوان من الكريب الأزرق الليلي',
    },
    description: {
      en: 'Tetouan carries the refinement of the Andalusian north of Morocco: a fluid midnight crepe with gold embroidery framing a square neckline and wide sleeves. Understated yet festive, it moves easily from a Ramadan iftar to an evening wedding reception.',
      fr: 'Tétouan porte le raffinement du nord andalou du Maroc : un crêpe fluide bleu nuit, une broderie dorée qui encadre l’encolure carrée et de larges manches. Discret mais festif, il passe aisément d’un iftar de Ramadan à une réception de mariage.',
      ar: 'يحمل قفطان تطوان رقيّ الطابع الأندلسي لشمال المغرب: كريب أزرق ليلي منساب، وتطريز ذهبي يؤطّر فتحة العنق المربعة والأكمام الواسعة. أنيق في بساطته واحتفالي في روحه، يناسب إفطارات رمضان كما يناسب حفلات الأعراس المسائية.',
    },
    details: [
      {
        en: 'Heavy crepe with a fluid drape',
        fr: 'Crêpe lourd au tombé fluide',
        ar: 'كريب ثقيل بانسدال ناعم',
      },
      {
        en: 'Tetouani-style gold embroidery around the neckline',
        fr: 'Broderie dorée de style tétouanais autour de l’encolure',
        ar: 'تطريز ذهبي على الطريقة التطوانية حول فتحة العنق',
      },
      {
        en: 'Wide bell sleeves edged with sfifa',
        fr: 'Larges manches évasées bordées de sfifa',
        ar: 'أكمام واسعة على شكل جرس محاطة بالسفيفة',
      },
      {
        en: 'Lined bodice, unlined skirt for lightness',
        fr: 'Buste doublé, bas non doublé pour plus de légèreté',
        ar: 'الجزء العلوي مبطّن والسفلي دون بطانة لمزيد من الخفة',
      },
      LENGTH_FLOOR,
      MADE_IN_TETOUAN,
    ],
    care: CARE_EMBROIDERED,
    price: '2180.00',
    colors: ['midnight-blue', 'black', 'petrol'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 48,
    motif: 'chevron',
    accent: GOLD,
  },
  {
    slug: 'rbatia-black-velvet-caftan',
    category: 'caftan',
    name: {
      en: 'Rbatia Black Velvet Caftan',
      fr: 'Caftan Rbatia en velours noir',
      ar: 'قفطان رباطية من المخمل الأسود',
    },
    description: {
      en: 'Rbatia sets the bright silk florals of the Rabat embroidery tradition against black velvet, for a caftan that feels both classic and striking. Finished with a gold sfifa and a velvet mdamma, it is made for winter weddings and formal dinners.',
      fr: 'Rbatia fait éclore les fleurs de soie colorées de la broderie rbatie sur un velours noir, pour un caftan à la fois classique et saisissant. Fini d’une sfifa dorée et d’une mdamma en velours, il est fait pour les mariages d’hiver et les dîners habillés.',
      ar: 'يُزهر في قفطان رباطية التطريز الرباطي بورود حريرية ملوّنة على مخمل أسود، ليجمع بين الأصالة والحضور اللافت. ويكتمل بسفيفة ذهبية ومضمّة من المخمل، ليكون رفيقك في أعراس الشتاء والعشاءات الرسمية.',
    },
    details: [
      {
        en: 'Black velvet with a cotton backing',
        fr: 'Velours noir à envers coton',
        ar: 'مخمل أسود بظهر قطني',
      },
      {
        en: 'Tarz rbati floral embroidery in multicoloured silk',
        fr: 'Broderie florale tarz rbati en soies multicolores',
        ar: 'تطريز رباطي بزخارف زهرية بخيوط حرير متعددة الألوان',
      },
      {
        en: 'Gold sfifa and thirty-two aakad buttons',
        fr: 'Sfifa dorée et trente-deux boutons aakad',
        ar: 'سفيفة ذهبية واثنان وثلاثون زرًّا من العقاد',
      },
      {
        en: 'Velvet mdamma with an embroidered panel',
        fr: 'Mdamma en velours à panneau brodé',
        ar: 'مضمّة من المخمل بلوح مطرّز',
      },
      {
        en: 'Fully lined in satin',
        fr: 'Entièrement doublé de satin',
        ar: 'مبطّن بالكامل بالساتان',
      },
      MADE_IN_RABAT,
    ],
    care: CARE_VELVET,
    price: '2890.00',
    colors: ['black', 'midnight-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 77,
    motif: 'floral',
    accent: GOLD,
  },
  {
    slug: 'nour-champagne-lame-caftan',
    category: 'caftan',
    name: {
      en: 'Nour Champagne Lamé Caftan',
      fr: 'Caftan Nour en lamé champagne',
      ar: 'قفطان نور بلون الشمبانيا اللامع',
    },
    description: {
      en: 'Nour catches the light with every step: a champagne lamé woven with a fine metallic thread, softened by tone-on-tone embroidery and a delicate sfifa. A glowing choice for evening weddings and the last nights of Ramadan.',
      fr: 'Nour capte la lumière à chaque pas : un lamé champagne tissé d’un fin fil métallique, adouci par une broderie ton sur ton et une sfifa délicate. Un choix lumineux pour les mariages du soir et les dernières nuits du Ramadan.',
      ar: 'يلتقط قفطان نور الضوء مع كل خطوة: قماش بلون الشمبانيا منسوج بخيط معدني رفيع، تلطّفه تطريزات بلون القماش نفسه وسفيفة رقيقة. اختيار مضيء لأعراس المساء وليالي رمضان الأخيرة.',
    },
    details: [
      {
        en: 'Lamé fabric with a fine metallic weave',
        fr: 'Tissu lamé au tissage métallique fin',
        ar: 'قماش لامع منسوج بخيوط معدنية رفيعة',
      },
      {
        en: 'Tone-on-tone embroidery on the bodice',
        fr: 'Broderie ton sur ton sur le buste',
        ar: 'تطريز بلون القماش على الصدر',
      },
      {
        en: 'Champagne sfifa and aakad closure',
        fr: 'Sfifa champagne et fermeture par boutons aakad',
        ar: 'سفيفة بلون الشمبانيا وإغلاق بأزرار العقاد',
      },
      {
        en: 'Lined in soft satin',
        fr: 'Doublé de satin doux',
        ar: 'مبطّن بساتان ناعم',
      },
      LENGTH_FLOOR,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_DELICATE,
    price: '1990.00',
    colors: ['champagne', 'rose-gold', 'pearl-grey'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 36,
    motif: 'rosette',
    accent: '#d9c08a',
  },
  {
    slug: 'amira-rose-gold-satin-caftan',
    category: 'caftan',
    name: {
      en: 'Amira Rose Gold Satin Caftan',
      fr: 'Caftan Amira en satin or rose',
      ar: 'قفطان أميرة من الساتان الذهبي الوردي',
    },
    description: {
      en: 'Amira is cut from rose-gold satin, its shoulders covered with hand-stitched randa lacework and crystal beads. Soft, romantic and photogenic, it is made for engagement parties and the bride’s closest friends.',
      fr: 'Amira est taillé dans un satin or rose, les épaules couvertes d’un travail de randa cousu main et de perles de cristal. Doux, romantique et photogénique, il est fait pour les fiançailles et les amies proches de la mariée.',
      ar: 'فُصّل قفطان أميرة من ساتان بلون الذهب الوردي، وزُيّنت أكتافه بأعمال الراندة المخيطة يدويًا وحبات الكريستال. ناعم ورومانسي ويتألق في الصور، صُمّم لحفلات الخطوبة ولصديقات العروس المقرّبات.',
    },
    details: [
      {
        en: 'Satin with a warm rose-gold sheen',
        fr: 'Satin à l’éclat or rose chaleureux',
        ar: 'ساتان بلمعة دافئة بلون الذهب الوردي',
      },
      {
        en: 'Randa needle-lace worked by hand on the shoulders',
        fr: 'Randa, dentelle à l’aiguille, travaillée à la main sur les épaules',
        ar: 'أعمال الراندة بالإبرة منفّذة يدويًا على الأكتاف',
      },
      {
        en: 'Crystal bead embroidery',
        fr: 'Broderie de perles de cristal',
        ar: 'تطريز بحبات الكريستال',
      },
      {
        en: 'Covered aakad buttons from neck to waist',
        fr: 'Boutons aakad recouverts du col à la taille',
        ar: 'أزرار عقاد مكسوّة من العنق حتى الخصر',
      },
      LENGTH_FLOOR,
      MADE_IN_RABAT,
    ],
    care: CARE_DELICATE,
    price: '2350.00',
    oldPrice: '2690.00',
    colors: ['rose-gold', 'dusty-pink', 'champagne'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 40,
    motif: 'floral',
    accent: '#e6c2a0',
  },
  {
    slug: 'meknassia-petrol-brocade-caftan',
    category: 'caftan',
    name: {
      en: 'Meknassia Petrol Brocade Caftan',
      fr: 'Caftan Meknassia en brocart bleu pétrole',
      ar: 'قفطان مكناسية من الديباج الأزرق البترولي',
    },
    description: {
      en: 'Meknassia pairs a petrol-blue brocade with a gold geometric weave reminiscent of the great gates of Meknes. A hand-braided sfifa and thick silk aakad buttons complete a caftan that is both heritage and modern, ideal for Eid and formal family dinners.',
      fr: 'Meknassia associe un brocart bleu pétrole à un tissage géométrique doré qui rappelle les grandes portes de Meknès. Une sfifa tressée à la main et d’épais boutons aakad en soie complètent un caftan à la fois patrimonial et moderne, idéal pour l’Aïd et les dîners de famille.',
      ar: 'يجمع قفطان مكناسية بين ديباج أزرق بترولي ونسيج هندسي ذهبي يذكّر بأبواب مكناس الشهيرة. وتكتمل القطعة بسفيفة مضفورة يدويًا وأزرار عقاد حريرية سميكة، فتجمع بين التراث والحداثة وتناسب العيد وعشاءات العائلة.',
    },
    details: [
      {
        en: 'Brocade with a gold geometric jacquard',
        fr: 'Brocart à motif jacquard géométrique doré',
        ar: 'ديباج بنقش جاكار هندسي ذهبي',
      },
      {
        en: 'Hand-braided silk sfifa',
        fr: 'Sfifa en soie tressée à la main',
        ar: 'سفيفة حريرية مضفورة يدويًا',
      },
      {
        en: 'Silk aakad buttons, knotted by hand',
        fr: 'Boutons aakad en soie noués à la main',
        ar: 'أزرار عقاد حريرية معقودة باليد',
      },
      {
        en: 'Lined in viscose',
        fr: 'Doublure en viscose',
        ar: 'بطانة من الفسكوز',
      },
      LENGTH_FLOOR,
      MADE_IN_MEKNES,
    ],
    care: CARE_EMBROIDERED,
    price: '2760.00',
    oldPrice: '3100.00',
    colors: ['petrol', 'bordeaux'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 69,
    motif: 'lattice',
    accent: GOLD,
  },
  {
    slug: 'hiba-saffron-raw-silk-caftan',
    category: 'caftan',
    name: {
      en: 'Hiba Saffron Raw Silk Caftan',
      fr: 'Caftan Hiba en soie sauvage safran',
      ar: 'قفطان هبة من الحرير الخام الزعفراني',
    },
    description: {
      en: 'Hiba is woven from raw silk in a warm saffron hue that glows in candlelight, finished with a gold sfifa and a slender embroidered mdamma. A rare, precious piece for a henna ceremony or an intimate wedding dinner.',
      fr: 'Hiba est tissé dans une soie sauvage d’un safran chaleureux qui s’illumine à la lueur des bougies, fini d’une sfifa dorée et d’une fine mdamma brodée. Une pièce rare et précieuse pour une cérémonie du henné ou un dîner de mariage intime.',
      ar: 'نُسج قفطان هبة من الحرير الخام بلون زعفراني دافئ يتوهّج في ضوء الشموع، وزُيّن بسفيفة ذهبية ومضمّة رفيعة مطرّزة. قطعة نادرة وثمينة لحفل الحناء أو لعشاء عرس في دائرة ضيقة.',
    },
    details: [
      {
        en: '100% raw silk with a natural slub',
        fr: 'Soie sauvage 100 %, au grain naturel',
        ar: 'حرير خام بنسبة 100٪ بملمس طبيعي محبّب',
      },
      {
        en: 'Gold sfifa and silk aakad buttons',
        fr: 'Sfifa dorée et boutons aakad en soie',
        ar: 'سفيفة ذهبية وأزرار عقاد حريرية',
      },
      {
        en: 'Embroidered mdamma belt included',
        fr: 'Ceinture mdamma brodée incluse',
        ar: 'مضمّة مطرّزة مرفقة',
      },
      {
        en: 'Lined in cotton batiste',
        fr: 'Doublé de batiste de coton',
        ar: 'مبطّن بقماش الباتيست القطني',
      },
      LENGTH_FLOOR,
      MADE_IN_FES,
    ],
    care: CARE_DELICATE,
    price: '2650.00',
    colors: ['saffron', 'terracotta', 'champagne'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 58,
    motif: 'rosette',
    accent: GOLD,
  },
  {
    slug: 'imane-black-crepe-caftan',
    category: 'caftan',
    name: {
      en: 'Imane Black Crepe Caftan',
      fr: 'Caftan Imane en crêpe noir',
      ar: 'قفطان إيمان من الكريب الأسود',
    },
    description: {
      en: 'Imane reinterprets the caftan with a modern, slightly fitted cut in black crepe, lit by gold tarz at the neckline and cuffs. Effortlessly elegant for evening receptions, gallery openings and Ramadan nights out.',
      fr: 'Imane réinterprète le caftan avec une coupe moderne, légèrement ajustée, en crêpe noir, illuminée par un tarz doré à l’encolure et aux poignets. Une élégance sans effort pour les réceptions du soir, les vernissages et les sorties des nuits de Ramadan.',
      ar: 'يقدّم قفطان إيمان قراءة عصرية للقفطان بقصة محدّدة قليلًا من الكريب الأسود، يضيئها طرز ذهبي عند فتحة العنق وأطراف الأكمام. أناقة بلا تكلّف لحفلات الاستقبال المسائية ومعارض الفن وسهرات رمضان.',
    },
    details: [
      {
        en: 'Heavy crepe with a matte finish',
        fr: 'Crêpe lourd au fini mat',
        ar: 'كريب ثقيل بملمس غير لامع',
      },
      {
        en: 'Gold tarz at the neckline and cuffs',
        fr: 'Tarz doré à l’encolure et aux poignets',
        ar: 'طرز ذهبي عند فتحة العنق وأطراف الأكمام',
      },
      {
        en: 'Slightly fitted modern cut',
        fr: 'Coupe moderne légèrement ajustée',
        ar: 'قصة عصرية محدّدة قليلًا',
      },
      {
        en: 'Concealed zip and aakad buttons',
        fr: 'Fermeture éclair invisible et boutons aakad',
        ar: 'سحّاب مخفي وأزرار عقاد',
      },
      LENGTH_FLOOR,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_CREPE,
    price: '1580.00',
    colors: ['black', 'bordeaux', 'midnight-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 138,
    motif: 'star8',
    accent: GOLD,
  },
  {
    slug: 'salwa-pearl-grey-crepe-caftan',
    category: 'caftan',
    name: {
      en: 'Salwa Pearl Grey Crepe Caftan',
      fr: 'Caftan Salwa en crêpe gris perle',
      ar: 'قفطان سلوى من الكريب الرمادي اللؤلؤي',
    },
    description: {
      en: 'Salwa is for those who prefer quiet luxury: a pearl-grey crepe with a clean column cut, a single line of silver sfifa and tiny aakad buttons down the front. Perfect for an afternoon reception or the first day of Eid.',
      fr: 'Salwa s’adresse à celles qui préfèrent le luxe discret : un crêpe gris perle à la coupe colonne épurée, une seule ligne de sfifa argentée et de minuscules boutons aakad sur le devant. Parfait pour une réception d’après-midi ou le premier jour de l’Aïd.',
      ar: 'قفطان سلوى لمن تفضّل الفخامة الهادئة: كريب رمادي لؤلؤي بقصة مستقيمة بسيطة، وخط واحد من السفيفة الفضية، وأزرار عقاد دقيقة على الواجهة. مثالي لحفل استقبال بعد الظهر أو لأول أيام العيد.',
    },
    details: [
      {
        en: 'Mid-weight crepe with a soft drape',
        fr: 'Crêpe de poids moyen au tombé souple',
        ar: 'كريب متوسط الوزن بانسدال ناعم',
      },
      {
        en: 'Single line of silver sfifa',
        fr: 'Une ligne unique de sfifa argentée',
        ar: 'خط واحد من السفيفة الفضية',
      },
      {
        en: 'Forty small aakad buttons',
        fr: 'Quarante petits boutons aakad',
        ar: 'أربعون زرًّا صغيرًا من العقاد',
      },
      {
        en: 'Half-lined',
        fr: 'Mi-doublé',
        ar: 'مبطّن جزئيًا',
      },
      LENGTH_FLOOR,
      MADE_IN_RABAT,
    ],
    care: CARE_CREPE,
    price: '1390.00',
    colors: ['pearl-grey', 'black', 'ivory'],
    sizes: ['S', 'M', 'L'],
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 171,
    motif: 'chevron',
    accent: SILVER,
  },
  {
    slug: 'riad-sage-crepe-caftan',
    category: 'caftan',
    name: {
      en: 'Riad Sage Crepe Caftan',
      fr: 'Caftan Riad en crêpe vert sauge',
      ar: 'قفطان رياض من الكريب الأخضر المريمي',
    },
    description: {
      en: 'Riad is as calm and cool as a shaded courtyard: sage crepe, tone-on-tone tarz on the cuffs and a fine ivory sfifa. Relaxed enough for Ramadan evenings at home, polished enough for iftar with friends.',
      fr: 'Riad a le calme et la fraîcheur d’un patio ombragé : un crêpe vert sauge, un tarz ton sur ton aux poignets et une fine sfifa ivoire. Assez décontracté pour les soirées de Ramadan à la maison, assez soigné pour un iftar entre amies.',
      ar: 'يحمل قفطان رياض هدوء الفناء الظليل وبرودته: كريب أخضر مريمي، وطرز بلون القماش على أطراف الأكمام، وسفيفة عاجية رفيعة. مريح بما يكفي لأمسيات رمضان في البيت، وأنيق بما يكفي لإفطار مع الصديقات.',
    },
    details: [
      {
        en: 'Soft matte crepe',
        fr: 'Crêpe mat et souple',
        ar: 'كريب ناعم غير لامع',
      },
      {
        en: 'Tone-on-tone tarz embroidery on the cuffs',
        fr: 'Broderie tarz ton sur ton aux poignets',
        ar: 'طرز بلون القماش على أطراف الأكمام',
      },
      {
        en: 'Ivory sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad ivoire',
        ar: 'سفيفة وأزرار عقاد عاجية',
      },
      {
        en: 'Unlined and breathable',
        fr: 'Non doublé et respirant',
        ar: 'دون بطانة ويسمح بمرور الهواء',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_CREPE,
    price: '1180.00',
    colors: ['sage', 'pearl-grey', 'ivory'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 124,
    motif: 'lattice',
    accent: '#6f7d64',
  },
  {
    slug: 'layla-lilac-chiffon-caftan',
    category: 'caftan',
    name: {
      en: 'Layla Lilac Chiffon Caftan',
      fr: 'Caftan Layla en mousseline lilas',
      ar: 'قفطان ليلى من الشيفون الليلكي',
    },
    description: {
      en: 'Layla drifts in lilac chiffon, with silver embroidery scattered like stars across the sleeves and a fine beaded belt. A dreamy piece for spring weddings and evening garden parties.',
      fr: 'Layla ondule dans une mousseline lilas, parsemée sur les manches d’une broderie argentée semblable à des étoiles, avec une fine ceinture perlée. Une pièce aérienne pour les mariages de printemps et les soirées au jardin.',
      ar: 'ينساب قفطان ليلى في شيفون ليلكي، تتناثر على أكمامه تطريزات فضية كالنجوم، مع حزام رفيع مرصّع بالخرز. قطعة حالمة لأعراس الربيع والسهرات في الحدائق.',
    },
    details: [
      {
        en: 'Chiffon over a satin underlayer',
        fr: 'Mousseline sur fond de satin',
        ar: 'شيفون فوق طبقة من الساتان',
      },
      {
        en: 'Scattered silver embroidery on the sleeves',
        fr: 'Broderie argentée parsemée sur les manches',
        ar: 'تطريز فضي متناثر على الأكمام',
      },
      {
        en: 'Fine beaded belt included',
        fr: 'Fine ceinture perlée incluse',
        ar: 'حزام رفيع مرصّع بالخرز مرفق',
      },
      {
        en: 'Silver aakad buttons',
        fr: 'Boutons aakad argentés',
        ar: 'أزرار عقاد فضية',
      },
      MADE_IN_RABAT,
    ],
    care: CARE_DELICATE,
    price: '1450.00',
    colors: ['lilac', 'sky-blue'],
    sizes: ['S', 'M', 'L'],
    status: 'inactive',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 201,
    motif: 'floral',
    accent: SILVER,
  },
  {
    slug: 'essaouira-ivory-linen-caftan',
    category: 'caftan',
    name: {
      en: 'Essaouira Ivory Linen Caftan',
      fr: 'Caftan Essaouira en lin ivoire',
      ar: 'قفطان الصويرة من الكتان العاجي',
    },
    description: {
      en: 'Essaouira brings the Atlantic breeze into a simple ivory linen caftan, embroidered in indigo thread at the neckline. Loose and breathable, it is made for beach holidays, brunches and long summer days.',
      fr: 'Essaouira apporte la brise de l’Atlantique dans un caftan simple en lin ivoire, brodé de fil indigo à l’encolure. Ample et respirant, il accompagne les vacances à la mer, les brunchs et les longues journées d’été.',
      ar: 'يحمل قفطان الصويرة نسيم الأطلسي في قطعة بسيطة من الكتان العاجي مطرّزة بخيط نيلي عند فتحة العنق. واسع ويسمح بمرور الهواء، يرافقك في عطلات البحر وجلسات الفطور المتأخر وأيام الصيف الطويلة.',
    },
    details: [
      {
        en: 'Linen and cotton blend',
        fr: 'Mélange de lin et de coton',
        ar: 'مزيج من الكتان والقطن',
      },
      {
        en: 'Indigo hand embroidery at the neckline',
        fr: 'Broderie main indigo à l’encolure',
        ar: 'تطريز يدوي نيلي عند فتحة العنق',
      },
      {
        en: 'Loose cut with side slits',
        fr: 'Coupe ample avec fentes latérales',
        ar: 'قصة واسعة مع فتحات جانبية',
      },
      LENGTH_ANKLE,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_WASHABLE,
    price: '940.00',
    colors: ['ivory', 'sky-blue'],
    sizes: ALL_SIZES,
    status: 'inactive',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 223,
    motif: 'chevron',
    accent: '#2a4fbf',
  },
  {
    slug: 'dounia-camel-velvet-caftan',
    category: 'caftan',
    name: {
      en: 'Dounia Camel Velvet Caftan',
      fr: 'Caftan Dounia en velours camel',
      ar: 'قفطان دنيا من المخمل الجملي',
    },
    description: {
      en: 'Dounia wraps warm camel velvet in a gently flared cut, outlined with a copper-toned sfifa and matching aakad buttons. Comfortable and cosy, it was designed for winter family dinners and cool desert evenings.',
      fr: 'Dounia habille un velours camel chaleureux d’une coupe légèrement évasée, soulignée d’une sfifa cuivrée et de boutons aakad assortis. Confortable et douillet, il a été pensé pour les dîners de famille en hiver et les soirées fraîches dans le désert.',
      ar: 'يلفّ قفطان دنيا المخمل الجملي الدافئ في قصة متّسعة بلطف، تحدّها سفيفة بلون النحاس وأزرار عقاد مطابقة. مريح ودافئ، صُمّم لعشاءات العائلة في الشتاء ولأمسيات الصحراء الباردة.',
    },
    details: [
      {
        en: 'Soft cotton velvet',
        fr: 'Velours de coton doux',
        ar: 'مخمل قطني ناعم',
      },
      {
        en: 'Copper sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad cuivrés',
        ar: 'سفيفة وأزرار عقاد بلون النحاس',
      },
      {
        en: 'Fully lined',
        fr: 'Entièrement doublé',
        ar: 'مبطّن بالكامل',
      },
      {
        en: 'Gently flared cut',
        fr: 'Coupe légèrement évasée',
        ar: 'قصة متّسعة قليلًا من الأسفل',
      },
      MADE_IN_MEKNES,
    ],
    care: CARE_VELVET,
    price: '1960.00',
    colors: ['camel', 'bordeaux'],
    sizes: ALL_SIZES,
    status: 'inactive',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 187,
    motif: 'star8',
    accent: '#b87333',
  },

  // ----- Jellabas -----
  {
    slug: 'toubkal-mens-handwoven-wool-jellaba',
    category: 'jellaba',
    name: {
      en: 'Toubkal Men’s Handwoven Wool Jellaba',
      fr: 'Djellaba homme Toubkal en laine tissée main',
      ar: 'جلابة توبقال الرجالية من الصوف المنسوج يدويًا',
    },
    description: {
      en: 'Named after the highest peak in North Africa, Toubkal is woven on a hand loom from undyed Atlas wool, thick enough for snowy mountain mornings. The deep qob, hand-stitched sfifa and hand-knotted aakad buttons make it a jellaba to keep for a lifetime.',
      fr: 'Portant le nom du plus haut sommet d’Afrique du Nord, Toubkal est tissée sur un métier à bras dans une laine de l’Atlas non teinte, assez épaisse pour les matins enneigés en montagne. Son large qob, sa sfifa cousue main et ses boutons aakad noués à la main en font une djellaba que l’on garde toute une vie.',
      ar: 'تحمل جلابة توبقال اسم أعلى قمة في شمال أفريقيا، وهي منسوجة على النول اليدوي من صوف الأطلس غير المصبوغ، بسماكة تقي من برد الصباحات الجبلية المثلجة. ويجعل منها القب الواسع والسفيفة المخيطة باليد وأزرار العقاد المعقودة يدويًا جلابةً تدوم العمر كله.',
    },
    details: [
      {
        en: '100% undyed Atlas wool, hand-loomed',
        fr: 'Laine de l’Atlas 100 % non teinte, tissée à la main',
        ar: 'صوف أطلسي غير مصبوغ بنسبة 100٪، منسوج يدويًا',
      },
      {
        en: 'Deep qob hood',
        fr: 'Large capuche qob',
        ar: 'قب واسع وعميق',
      },
      {
        en: 'Hand-stitched sfifa in natural wool',
        fr: 'Sfifa en laine naturelle cousue main',
        ar: 'سفيفة من الصوف الطبيعي مخيطة يدويًا',
      },
      {
        en: 'Hand-knotted aakad buttons',
        fr: 'Boutons aakad noués à la main',
        ar: 'أزرار عقاد معقودة يدويًا',
      },
      {
        en: 'Ankle length, roomy men’s cut',
        fr: 'Longueur cheville, coupe homme ample',
        ar: 'طول حتى الكاحل بقصة رجالية واسعة',
      },
      {
        en: 'Woven in the Middle Atlas, finished in Fes',
        fr: 'Tissée dans le Moyen Atlas, finie à Fès',
        ar: 'نُسجت في الأطلس المتوسط وأُكملت في فاس',
      },
    ],
    care: CARE_WOOL,
    price: '1590.00',
    colors: ['camel', 'ivory', 'charcoal'],
    sizes: ['M', 'L', 'XL'],
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 11,
    motif: 'chevron',
    accent: '#8b6b4a',
  },
  {
    slug: 'bahia-womens-embroidered-jellaba',
    category: 'jellaba',
    name: {
      en: 'Bahia Women’s Embroidered Jellaba',
      fr: 'Djellaba femme Bahia brodée',
      ar: 'جلابة الباهية النسائية المطرّزة',
    },
    description: {
      en: 'Bahia takes its richness from the Marrakech palace of the same name: deep jewel-toned crepe, a wide band of gold tarz down the front and sleeves, and a triple sfifa with silk aakad buttons. A festive jellaba for Eid morning, wedding guests and Ramadan visits.',
      fr: 'Bahia puise sa richesse dans le palais marrakchi du même nom : un crêpe aux tons de pierres précieuses, une large bande de tarz doré sur le devant et les manches, et une triple sfifa avec boutons aakad en soie. Une djellaba de fête pour le matin de l’Aïd, les invitées d’un mariage et les visites du Ramadan.',
      ar: 'تستمدّ جلابة الباهية فخامتها من القصر المراكشي الذي يحمل الاسم نفسه: كريب بألوان الأحجار الكريمة، وشريط عريض من الطرز الذهبي على الواجهة والأكمام، وثلاثة صفوف من السفيفة مع أزرار عقاد حريرية. جلابة احتفالية لصباح العيد وضيفات الأعراس وزيارات رمضان.',
    },
    details: [
      {
        en: 'Heavy crepe in jewel tones',
        fr: 'Crêpe lourd aux tons précieux',
        ar: 'كريب ثقيل بألوان الأحجار الكريمة',
      },
      {
        en: 'Gold tarz band on the front and sleeves',
        fr: 'Bande de tarz doré sur le devant et les manches',
        ar: 'شريط من الطرز الذهبي على الواجهة والأكمام',
      },
      {
        en: 'Triple sfifa with silk aakad buttons',
        fr: 'Triple sfifa et boutons aakad en soie',
        ar: 'ثلاثة صفوف من السفيفة مع أزرار عقاد حريرية',
      },
      {
        en: 'Qob hood lined in satin',
        fr: 'Qob doublé de satin',
        ar: 'قب مبطّن بالساتان',
      },
      LENGTH_ANKLE,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_EMBROIDERED,
    price: '1490.00',
    oldPrice: '1690.00',
    colors: ['emerald', 'midnight-blue', 'bordeaux'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 7,
    motif: 'rosette',
    accent: GOLD,
  },
  {
    slug: 'ifrane-womens-wool-jellaba',
    category: 'jellaba',
    name: {
      en: 'Ifrane Women’s Wool Jellaba',
      fr: 'Djellaba femme Ifrane en laine',
      ar: 'جلابة إفران النسائية من الصوف',
    },
    description: {
      en: 'Ifrane, the “little Switzerland” of Morocco, lends its name to this women’s winter jellaba in a fine merino-blend wool. A slim cut, an elegant qob, a silk sfifa and covered aakad buttons keep it graceful on the coldest evenings.',
      fr: 'Ifrane, la « petite Suisse » du Maroc, donne son nom à cette djellaba d’hiver pour femme en laine mérinos mélangée. Coupe près du corps, qob élégant, sfifa en soie et boutons aakad recouverts : une silhouette gracieuse, même lors des soirées les plus froides.',
      ar: 'تستعير هذه الجلابة النسائية الشتوية اسمها من إفران، «سويسرا المغرب الصغيرة»، وهي مصنوعة من صوف ممزوج بالميرينو الناعم. قصتها المحدّدة وقبّها الأنيق وسفيفتها الحريرية وأزرار العقاد المكسوّة تمنحك أناقة دافئة في أبرد الأمسيات.',
    },
    details: [
      {
        en: 'Merino wool blend',
        fr: 'Laine mérinos mélangée',
        ar: 'مزيج من صوف الميرينو',
      },
      {
        en: 'Silk sfifa and covered aakad buttons',
        fr: 'Sfifa en soie et boutons aakad recouverts',
        ar: 'سفيفة حريرية وأزرار عقاد مكسوّة',
      },
      {
        en: 'Fitted qob hood',
        fr: 'Capuche qob ajustée',
        ar: 'قب بقصة محدّدة',
      },
      {
        en: 'Lined in satin for a smooth fall',
        fr: 'Doublée de satin pour un beau tombé',
        ar: 'مبطّنة بالساتان لانسدال ناعم',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_WOOL,
    price: '1190.00',
    colors: ['ivory', 'bordeaux', 'charcoal'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: true,
    bestSeller: false,
    createdDaysAgo: 33,
    motif: 'floral',
    accent: GOLD,
  },
  {
    slug: 'ouezzane-mens-striped-wool-jellaba',
    category: 'jellaba',
    name: {
      en: 'Ouezzane Men’s Striped Wool Jellaba',
      fr: 'Djellaba homme Ouezzane en laine rayée',
      ar: 'جلابة وزان الرجالية من الصوف المخطّط',
    },
    description: {
      en: 'Ouezzane has been famous for its jellaba weavers for centuries, and this piece follows their craft: fine wool with thin woven stripes, a classic qob and a discreet tone-on-tone sfifa. Warm yet light, it is the winter jellaba for Friday prayer and everyday wear.',
      fr: 'Ouezzane est réputée depuis des siècles pour ses tisserands de djellabas, et cette pièce suit leur savoir-faire : une laine fine à rayures tissées, un qob classique et une sfifa ton sur ton discrète. Chaude mais légère, c’est la djellaba d’hiver pour la prière du vendredi comme pour le quotidien.',
      ar: 'اشتهرت مدينة وزان منذ قرون بنسّاجي الجلابيب، وهذه القطعة وفيّة لحرفتهم: صوف رفيع بخطوط منسوجة دقيقة، وقب تقليدي، وسفيفة هادئة بلون القماش. دافئة وخفيفة في آن واحد، فهي جلابة الشتاء لصلاة الجمعة وللاستعمال اليومي.',
    },
    details: [
      {
        en: 'Fine wool with woven pinstripes',
        fr: 'Laine fine à fines rayures tissées',
        ar: 'صوف رفيع بخطوط دقيقة منسوجة',
      },
      {
        en: 'Classic qob hood',
        fr: 'Capuche qob classique',
        ar: 'قب تقليدي',
      },
      {
        en: 'Tone-on-tone sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad ton sur ton',
        ar: 'سفيفة وأزرار عقاد بلون القماش',
      },
      {
        en: 'Side openings to reach trouser pockets',
        fr: 'Fentes latérales pour accéder aux poches',
        ar: 'فتحتان جانبيتان للوصول إلى الجيوب',
      },
      LENGTH_ANKLE,
      {
        en: 'Woven and tailored in Ouezzane',
        fr: 'Tissée et confectionnée à Ouezzane',
        ar: 'نُسجت وفُصّلت في وزان',
      },
    ],
    care: CARE_WOOL,
    price: '1280.00',
    colors: ['charcoal', 'black', 'camel'],
    sizes: ['M', 'L', 'XL'],
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 74,
    motif: 'lattice',
    accent: '#9a9a9c',
  },
  {
    slug: 'karaouine-mens-friday-jellaba',
    category: 'jellaba',
    name: {
      en: 'Karaouine Men’s Friday Jellaba',
      fr: 'Djellaba homme Karaouine du vendredi',
      ar: 'جلابة القرويين الرجالية ليوم الجمعة',
    },
    description: {
      en: 'Named after the ancient Karaouine mosque of Fes, this light mlifa jellaba is made for Friday prayer and the hot months. A fine sfifa follows the neckline and the hood, and the handmade aakad buttons are dyed to match the fabric.',
      fr: 'Portant le nom de l’antique mosquée Karaouine de Fès, cette djellaba légère en mlifa est pensée pour la prière du vendredi et les mois chauds. Une fine sfifa suit l’encolure et la capuche, et les boutons aakad faits main sont teints dans le ton du tissu.',
      ar: 'تحمل هذه الجلابة اسم جامع القرويين العريق في فاس، وهي مصنوعة من قماش الملفة الخفيف لصلاة الجمعة وأشهر الحر. تتبع سفيفة رفيعة فتحة العنق والقب، وأزرار العقاد المصنوعة يدويًا مصبوغة بلون القماش نفسه.',
    },
    details: [
      {
        en: 'Lightweight mlifa fabric',
        fr: 'Tissu mlifa léger',
        ar: 'قماش ملفة خفيف',
      },
      {
        en: 'Fine sfifa on the neckline and hood',
        fr: 'Fine sfifa sur l’encolure et la capuche',
        ar: 'سفيفة رفيعة على فتحة العنق والقب',
      },
      {
        en: 'Handmade aakad buttons dyed to match',
        fr: 'Boutons aakad faits main, teints assortis',
        ar: 'أزرار عقاد يدوية مصبوغة بلون القماش',
      },
      {
        en: 'Unlined for hot weather',
        fr: 'Non doublée, pour les fortes chaleurs',
        ar: 'دون بطانة لتناسب الطقس الحار',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_CREPE,
    price: '740.00',
    colors: ['ivory', 'pearl-grey', 'sky-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 38,
    motif: 'star8',
    accent: '#e6dfcf',
  },
  {
    slug: 'oudaya-womens-linen-jellaba',
    category: 'jellaba',
    name: {
      en: 'Oudaya Women’s Linen Jellaba',
      fr: 'Djellaba femme Oudaya en lin',
      ar: 'جلابة الوداية النسائية من الكتان',
    },
    description: {
      en: 'Blue and white like the alleys of the Kasbah of the Oudayas in Rabat, this summer jellaba is cut from breathable linen with a contrasting white sfifa. Light, modest and cool, it is made for hot days, seaside walks and Eid in the summer months.',
      fr: 'Bleue et blanche comme les ruelles de la Kasbah des Oudayas à Rabat, cette djellaba d’été est taillée dans un lin respirant, rehaussé d’une sfifa blanche contrastée. Légère, pudique et fraîche, elle est faite pour les jours de chaleur, les promenades au bord de la mer et l’Aïd quand il tombe en été.',
      ar: 'بالأزرق والأبيض كأزقّة قصبة الوداية في الرباط، فُصّلت هذه الجلابة الصيفية من كتان يسمح بمرور الهواء، مع سفيفة بيضاء متباينة. خفيفة ومحتشمة ومنعشة، صُنعت للأيام الحارة ولنزهات البحر وللعيد حين يحلّ صيفًا.',
    },
    details: [
      {
        en: 'Breathable washed linen',
        fr: 'Lin lavé respirant',
        ar: 'كتان مغسول يسمح بمرور الهواء',
      },
      {
        en: 'Contrasting white sfifa',
        fr: 'Sfifa blanche contrastée',
        ar: 'سفيفة بيضاء متباينة',
      },
      {
        en: 'Light qob hood',
        fr: 'Qob léger',
        ar: 'قب خفيف',
      },
      {
        en: 'Unlined',
        fr: 'Non doublée',
        ar: 'دون بطانة',
      },
      LENGTH_ANKLE,
      MADE_IN_RABAT,
    ],
    care: CARE_WASHABLE,
    price: '590.00',
    colors: ['sky-blue', 'ivory', 'majorelle-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: true,
    createdDaysAgo: 53,
    motif: 'star8',
    accent: '#f4ecdc',
  },
  {
    slug: 'kasbah-mens-eid-jellaba',
    category: 'jellaba',
    name: {
      en: 'Kasbah Men’s Eid Jellaba',
      fr: 'Djellaba homme Kasbah de l’Aïd',
      ar: 'جلابة القصبة الرجالية للعيد',
    },
    description: {
      en: 'Kasbah is our finest men’s jellaba for Eid: a silk-blend crepe with a soft sheen, a double row of sfifa and silk aakad buttons knotted by hand in Fes. Pair it with white babouches for Eid prayer and family visits.',
      fr: 'Kasbah est notre plus belle djellaba homme pour l’Aïd : un crêpe mélangé de soie au léger éclat, une double rangée de sfifa et des boutons aakad en soie noués à la main à Fès. À porter avec des babouches blanches pour la prière de l’Aïd et les visites familiales.',
      ar: 'القصبة أرقى جلابة رجالية لدينا للعيد: كريب ممزوج بالحرير بلمعة ناعمة، وصفّان من السفيفة، وأزرار عقاد حريرية معقودة يدويًا في فاس. تُلبس مع بلغة بيضاء لصلاة العيد وزيارات الأهل.',
    },
    details: [
      {
        en: 'Silk-blend crepe',
        fr: 'Crêpe mélangé de soie',
        ar: 'كريب ممزوج بالحرير',
      },
      {
        en: 'Double row of hand-stitched sfifa',
        fr: 'Double rangée de sfifa cousue main',
        ar: 'صفّان من السفيفة المخيطة يدويًا',
      },
      {
        en: 'Silk aakad buttons knotted by hand',
        fr: 'Boutons aakad en soie noués à la main',
        ar: 'أزرار عقاد حريرية معقودة يدويًا',
      },
      {
        en: 'Classic pointed qob hood',
        fr: 'Qob pointu classique',
        ar: 'قب مدبّب تقليدي',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_EMBROIDERED,
    price: '890.00',
    oldPrice: '990.00',
    colors: ['ivory', 'champagne', 'sage'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 47,
    motif: 'lattice',
    accent: '#e8d6b3',
  },
  {
    slug: 'atlas-mens-hooded-wool-jellaba',
    category: 'jellaba',
    name: {
      en: 'Atlas Men’s Hooded Wool Jellaba',
      fr: 'Djellaba homme Atlas à capuche en laine',
      ar: 'جلابة الأطلس الرجالية الصوفية ذات القب',
    },
    description: {
      en: 'A mid-weight wool-blend jellaba for everyday winter wear, Atlas keeps its shape well and layers easily over a shirt or a kandura. The qob is lined in cotton, and the front closes with simple, sturdy aakad buttons.',
      fr: 'Djellaba en laine mélangée de poids moyen pour l’hiver au quotidien, Atlas garde bien sa forme et se superpose facilement à une chemise ou à une kandoura. Le qob est doublé de coton et le devant se ferme par des boutons aakad simples et robustes.',
      ar: 'جلابة الأطلس من مزيج الصوف بوزن متوسط للاستعمال اليومي في الشتاء، تحافظ على شكلها جيدًا وتُلبس بسهولة فوق القميص أو الكندورة. القب مبطّن بالقطن، والواجهة تُغلق بأزرار عقاد بسيطة ومتينة.',
    },
    details: [
      {
        en: '70% wool, 30% polyester',
        fr: '70 % laine, 30 % polyester',
        ar: '70٪ صوف و30٪ بوليستر',
      },
      {
        en: 'Cotton-lined qob hood',
        fr: 'Qob doublé de coton',
        ar: 'قب مبطّن بالقطن',
      },
      {
        en: 'Sturdy aakad buttons',
        fr: 'Boutons aakad robustes',
        ar: 'أزرار عقاد متينة',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_WOOL,
    price: '960.00',
    oldPrice: '1090.00',
    colors: ['charcoal', 'midnight-blue', 'camel'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 96,
    motif: 'chevron',
    accent: '#5a5a5c',
  },
  {
    slug: 'tanja-mens-linen-jellaba',
    category: 'jellaba',
    name: {
      en: 'Tanja Men’s Linen Jellaba',
      fr: 'Djellaba homme Tanja en lin',
      ar: 'جلابة طنجة الرجالية من الكتان',
    },
    description: {
      en: 'Tanja is pure summer: a breathable linen jellaba with a short qob, a fine cotton sfifa and a relaxed cut that lets the sea breeze through. Ideal for the Gulf heat, from morning errands to evenings on the terrace.',
      fr: 'Tanja, c’est l’été à l’état pur : une djellaba en lin respirant, un qob court, une fine sfifa en coton et une coupe décontractée qui laisse passer la brise marine. Idéale pour la chaleur du Golfe, des courses du matin aux soirées en terrasse.',
      ar: 'جلابة طنجة صيفٌ خالص: كتان يسمح بمرور الهواء، وقب قصير، وسفيفة قطنية رفيعة، وقصة مريحة تستقبل نسيم البحر. مثالية لحرّ الخليج، من مشاوير الصباح حتى أمسيات الشرفة.',
    },
    details: [
      {
        en: '100% linen',
        fr: '100 % lin',
        ar: 'كتان بنسبة 100٪',
      },
      {
        en: 'Short qob hood',
        fr: 'Qob court',
        ar: 'قب قصير',
      },
      {
        en: 'Cotton sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad en coton',
        ar: 'سفيفة وأزرار عقاد قطنية',
      },
      {
        en: 'Side pockets',
        fr: 'Poches latérales',
        ar: 'جيوب جانبية',
      },
      LENGTH_CALF,
      MADE_IN_TETOUAN,
    ],
    care: CARE_WASHABLE,
    price: '650.00',
    colors: ['ivory', 'sky-blue', 'sage'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 39,
    motif: 'chevron',
    accent: '#d9d2c0',
  },
  {
    slug: 'saiss-womens-light-wool-jellaba',
    category: 'jellaba',
    name: {
      en: 'Saïss Women’s Light Wool Jellaba',
      fr: 'Djellaba femme Saïss en laine légère',
      ar: 'جلابة سايس النسائية من الصوف الخفيف',
    },
    description: {
      en: 'Saïss is woven from a fine, lightweight wool for the in-between seasons and air-conditioned evenings. Its soft pearly tones are framed by a slim silver sfifa, with a small qob and a gently flared hem.',
      fr: 'Saïss est tissée dans une laine fine et légère, pour la mi-saison et les soirées climatisées. Ses tons doux et nacrés sont soulignés d’une fine sfifa argentée, avec un petit qob et un bas légèrement évasé.',
      ar: 'نُسجت جلابة سايس من صوف رفيع وخفيف يناسب الفصول الانتقالية والأمسيات في الأماكن المكيّفة. تحيط بألوانها الهادئة سفيفة فضية رفيعة، مع قب صغير وذيل متّسع بلطف.',
    },
    details: [
      {
        en: 'Lightweight fine wool',
        fr: 'Laine fine et légère',
        ar: 'صوف رفيع وخفيف',
      },
      {
        en: 'Slim silver sfifa',
        fr: 'Fine sfifa argentée',
        ar: 'سفيفة فضية رفيعة',
      },
      {
        en: 'Small qob hood',
        fr: 'Petit qob',
        ar: 'قب صغير',
      },
      {
        en: 'Gently flared hem',
        fr: 'Bas légèrement évasé',
        ar: 'ذيل متّسع بلطف',
      },
      LENGTH_ANKLE,
      MADE_IN_MEKNES,
    ],
    care: CARE_WOOL,
    price: '1080.00',
    oldPrice: '1240.00',
    colors: ['pearl-grey', 'sage', 'lilac'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 55,
    motif: 'star8',
    accent: SILVER,
  },
  {
    slug: 'nisrine-womens-mlifa-jellaba',
    category: 'jellaba',
    name: {
      en: 'Nisrine Women’s Mlifa Jellaba',
      fr: 'Djellaba femme Nisrine en mlifa',
      ar: 'جلابة نسرين النسائية من الملفة',
    },
    description: {
      en: 'Nisrine is cut from mlifa, the classic light fabric of Moroccan jellabas, in a vivid emerald finished with a gold sfifa and matching aakad buttons. Bright and festive without being heavy, it is made for Eid and family celebrations.',
      fr: 'Nisrine est taillée dans la mlifa, le tissu léger classique des djellabas marocaines, dans un émeraude vif rehaussé d’une sfifa dorée et de boutons aakad assortis. Éclatante et festive sans être lourde, elle est faite pour l’Aïd et les fêtes de famille.',
      ar: 'فُصّلت جلابة نسرين من الملفة، القماش الخفيف الأصيل للجلابيب المغربية، بلون زمردي زاهٍ تزيّنه سفيفة ذهبية وأزرار عقاد مطابقة. مشرقة واحتفالية دون ثقل، صُنعت للعيد ولأفراح العائلة.',
    },
    details: [
      {
        en: 'Classic mlifa fabric',
        fr: 'Tissu mlifa classique',
        ar: 'قماش الملفة الأصيل',
      },
      {
        en: 'Gold sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad dorés',
        ar: 'سفيفة وأزرار عقاد ذهبية',
      },
      {
        en: 'Traditional pointed qob',
        fr: 'Qob pointu traditionnel',
        ar: 'قب مدبّب على الطريقة التقليدية',
      },
      {
        en: 'Unlined, light to wear',
        fr: 'Non doublée, légère à porter',
        ar: 'دون بطانة وخفيفة عند اللبس',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_CREPE,
    price: '980.00',
    colors: ['emerald', 'saffron', 'ivory'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 66,
    motif: 'rosette',
    accent: GOLD,
  },
  {
    slug: 'menara-womens-hooded-jellaba',
    category: 'jellaba',
    name: {
      en: 'Menara Women’s Hooded Jellaba',
      fr: 'Djellaba femme Ménara à capuche',
      ar: 'جلابة المنارة النسائية ذات القب',
    },
    description: {
      en: 'Named after the olive gardens of the Menara in Marrakech, this crepe jellaba has a generous qob, a sfifa woven in two tones and hand-finished aakad buttons. Smart enough for errands and visits, modest and comfortable all day long.',
      fr: 'Tirant son nom des jardins d’oliviers de la Ménara à Marrakech, cette djellaba en crêpe offre un qob généreux, une sfifa tissée en deux tons et des boutons aakad finis à la main. Assez soignée pour les courses comme pour les visites, pudique et confortable toute la journée.',
      ar: 'تحمل هذه الجلابة اسم حدائق الزيتون في المنارة بمراكش، وهي من الكريب بقب واسع وسفيفة منسوجة بلونين وأزرار عقاد مشطّبة يدويًا. أنيقة بما يكفي للمشاوير والزيارات، محتشمة ومريحة طوال اليوم.',
    },
    details: [
      {
        en: 'Wrinkle-resistant crepe',
        fr: 'Crêpe infroissable',
        ar: 'كريب مقاوم للتجعد',
      },
      {
        en: 'Generous qob hood',
        fr: 'Qob généreux',
        ar: 'قب واسع',
      },
      {
        en: 'Two-tone woven sfifa',
        fr: 'Sfifa tissée en deux tons',
        ar: 'سفيفة منسوجة بلونين',
      },
      {
        en: 'Hand-finished aakad buttons',
        fr: 'Boutons aakad finis à la main',
        ar: 'أزرار عقاد مشطّبة يدويًا',
      },
      LENGTH_ANKLE,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_CREPE,
    price: '880.00',
    colors: ['sage', 'midnight-blue', 'black'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 81,
    motif: 'chevron',
    accent: GOLD,
  },
  {
    slug: 'sanaa-womens-crepe-jellaba',
    category: 'jellaba',
    name: {
      en: 'Sanaa Women’s Crepe Jellaba',
      fr: 'Djellaba femme Sanaa en crêpe',
      ar: 'جلابة سناء النسائية من الكريب',
    },
    description: {
      en: 'Sanaa is soft and luminous: powder-toned crepe with a band of randa needle-lace around the neckline, a fine sfifa and pearly aakad buttons. A graceful choice for engagement visits, afternoon tea and Ramadan evenings.',
      fr: 'Sanaa est douce et lumineuse : un crêpe aux tons poudrés, une bande de randa, dentelle à l’aiguille, autour de l’encolure, une fine sfifa et des boutons aakad nacrés. Un choix gracieux pour les visites de fiançailles, le thé de l’après-midi et les soirées de Ramadan.',
      ar: 'سناء رقيقة ومشرقة: كريب بألوان بودرية هادئة، وشريط من الراندة المشغولة بالإبرة حول فتحة العنق، وسفيفة رفيعة، وأزرار عقاد بلمعة اللؤلؤ. اختيار أنيق لزيارات الخطوبة وجلسات الشاي بعد الظهر وأمسيات رمضان.',
    },
    details: [
      {
        en: 'Crepe with a light drape',
        fr: 'Crêpe au tombé léger',
        ar: 'كريب بانسدال خفيف',
      },
      {
        en: 'Randa needle-lace at the neckline',
        fr: 'Randa, dentelle à l’aiguille, à l’encolure',
        ar: 'راندة مشغولة بالإبرة عند فتحة العنق',
      },
      {
        en: 'Fine sfifa on the qob and sleeves',
        fr: 'Fine sfifa sur le qob et les manches',
        ar: 'سفيفة رفيعة على القب والأكمام',
      },
      {
        en: 'Pearly aakad buttons',
        fr: 'Boutons aakad nacrés',
        ar: 'أزرار عقاد بلمعة اللؤلؤ',
      },
      LENGTH_ANKLE,
      MADE_IN_RABAT,
    ],
    care: CARE_CREPE,
    price: '840.00',
    colors: ['dusty-pink', 'champagne', 'pearl-grey'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 101,
    motif: 'floral',
    accent: '#e8d6b3',
  },
  {
    slug: 'houda-womens-ramadan-jellaba',
    category: 'jellaba',
    name: {
      en: 'Houda Women’s Ramadan Jellaba',
      fr: 'Djellaba femme Houda du Ramadan',
      ar: 'جلابة هدى النسائية لرمضان',
    },
    description: {
      en: 'Houda was designed around the rhythm of Ramadan: a soft, non-clinging crepe for taraweeh prayers, tone-on-tone embroidery that stays discreet and a hood that frames the face. Comfortable from iftar to suhoor.',
      fr: 'Houda a été pensée pour le rythme du Ramadan : un crêpe doux et fluide qui ne colle pas, idéal pour les prières de tarawih, une broderie ton sur ton tout en discrétion et une capuche qui encadre le visage. Confortable de l’iftar au sahour.',
      ar: 'صُمّمت جلابة هدى على إيقاع رمضان: كريب ناعم منسدل لا يلتصق بالجسم يناسب صلاة التراويح، وتطريز هادئ بلون القماش، وقب يحيط بالوجه. مريحة من الإفطار حتى السحور.',
    },
    details: [
      {
        en: 'Fluid, non-clinging crepe',
        fr: 'Crêpe fluide qui ne colle pas',
        ar: 'كريب منسدل لا يلتصق بالجسم',
      },
      {
        en: 'Tone-on-tone embroidery',
        fr: 'Broderie ton sur ton',
        ar: 'تطريز بلون القماش',
      },
      {
        en: 'Face-framing qob hood',
        fr: 'Qob qui encadre le visage',
        ar: 'قب يحيط بالوجه',
      },
      {
        en: 'Wide sleeves, easy to roll up for wudu',
        fr: 'Manches larges, faciles à relever pour les ablutions',
        ar: 'أكمام واسعة يسهل رفعها عند الوضوء',
      },
      LENGTH_ANKLE,
      MADE_IN_FES,
    ],
    care: CARE_CREPE,
    price: '760.00',
    colors: ['black', 'midnight-blue', 'petrol'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 46,
    motif: 'lattice',
    accent: '#2b3550',
  },
  {
    slug: 'agdal-womens-two-tone-jellaba',
    category: 'jellaba',
    name: {
      en: 'Agdal Women’s Two-Tone Jellaba',
      fr: 'Djellaba femme Agdal bicolore',
      ar: 'جلابة أكدال النسائية بلونين',
    },
    description: {
      en: 'Agdal plays with contrast: a crepe body with shoulders and qob in a contrasting shade, joined by a hand-braided two-colour sfifa. Modern and practical, it brings everyday elegance to the office, the school gate or a weekend lunch.',
      fr: 'Agdal joue sur le contraste : un corps en crêpe, des épaules et un qob d’une teinte contrastée, reliés par une sfifa bicolore tressée à la main. Moderne et pratique, elle apporte une élégance quotidienne au bureau, à la sortie de l’école ou au déjeuner du week-end.',
      ar: 'تلعب جلابة أكدال على التباين: جسم من الكريب مع أكتاف وقب بلون مغاير، تجمع بينها سفيفة بلونين مضفورة يدويًا. عصرية وعملية، تمنحك أناقة يومية في العمل أو عند باب المدرسة أو في غداء نهاية الأسبوع.',
    },
    details: [
      {
        en: 'Crepe body with contrasting shoulders and qob',
        fr: 'Corps en crêpe, épaules et qob contrastés',
        ar: 'جسم من الكريب مع أكتاف وقب بلون مغاير',
      },
      {
        en: 'Hand-braided two-colour sfifa',
        fr: 'Sfifa bicolore tressée à la main',
        ar: 'سفيفة بلونين مضفورة يدويًا',
      },
      {
        en: 'Aakad buttons to the waist',
        fr: 'Boutons aakad jusqu’à la taille',
        ar: 'أزرار عقاد حتى الخصر',
      },
      {
        en: 'Deep side pockets',
        fr: 'Poches latérales profondes',
        ar: 'جيوب جانبية عميقة',
      },
      LENGTH_ANKLE,
      MADE_IN_RABAT,
    ],
    care: CARE_CREPE,
    price: '690.00',
    colors: ['terracotta', 'black', 'sage'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 156,
    motif: 'chevron',
    accent: '#a47551',
  },
  {
    slug: 'asilah-womens-cotton-jellaba',
    category: 'jellaba',
    name: {
      en: 'Asilah Women’s Cotton Jellaba',
      fr: 'Djellaba femme Asilah en coton',
      ar: 'جلابة أصيلة النسائية من القطن',
    },
    description: {
      en: 'Asilah is the everyday jellaba we wish everyone owned: soft cotton voile, a small embroidered flower at the neckline and a narrow sfifa. Slip it over anything for the school run, the souk or a quick coffee.',
      fr: 'Asilah est la djellaba du quotidien que l’on aimerait voir dans toutes les garde-robes : un voile de coton doux, une petite fleur brodée à l’encolure et une sfifa étroite. Elle se passe sur n’importe quelle tenue pour accompagner les enfants à l’école, faire un tour au souk ou prendre un café.',
      ar: 'أصيلة هي الجلابة اليومية التي نتمنّى أن تكون في كل خزانة: قطن خفيف ناعم، ووردة صغيرة مطرّزة عند فتحة العنق، وسفيفة ضيّقة. تُلبس فوق أي ملابس لإيصال الأطفال إلى المدرسة أو لجولة في السوق أو لفنجان قهوة سريع.',
    },
    details: [
      {
        en: 'Soft cotton voile',
        fr: 'Voile de coton doux',
        ar: 'قماش قطني خفيف وناعم',
      },
      {
        en: 'Small floral embroidery at the neckline',
        fr: 'Petite broderie florale à l’encolure',
        ar: 'تطريز زهري صغير عند فتحة العنق',
      },
      {
        en: 'Narrow sfifa and aakad buttons',
        fr: 'Sfifa étroite et boutons aakad',
        ar: 'سفيفة ضيقة وأزرار عقاد',
      },
      {
        en: 'Machine washable',
        fr: 'Lavable en machine',
        ar: 'قابلة للغسل في الغسالة',
      },
      LENGTH_ANKLE,
      MADE_IN_TETOUAN,
    ],
    care: CARE_WASHABLE,
    price: '430.00',
    colors: ['ivory', 'dusty-pink', 'sky-blue'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 146,
    motif: 'floral',
    accent: '#d8a7a7',
  },
  {
    slug: 'zagora-mens-cotton-jellaba',
    category: 'jellaba',
    name: {
      en: 'Zagora Men’s Cotton Jellaba',
      fr: 'Djellaba homme Zagora en coton',
      ar: 'جلابة زاكورة الرجالية من القطن',
    },
    description: {
      en: 'Inspired by the palm groves of the Draa valley, Zagora is an honest everyday jellaba in soft cotton, with a hood, a simple sfifa and deep pockets. Easy to wash and easy to love, it is the one you will reach for all year round.',
      fr: 'Inspirée des palmeraies de la vallée du Drâa, Zagora est une djellaba du quotidien en coton doux, avec capuche, sfifa simple et poches profondes. Facile à laver et vite adoptée, c’est celle que l’on porte toute l’année.',
      ar: 'استُوحيت جلابة زاكورة من واحات النخيل في وادي درعة، وهي جلابة يومية بسيطة من القطن الناعم، مع قب وسفيفة بسيطة وجيوب عميقة. سهلة الغسل وسريعة الألفة، ستكون خيارك طوال السنة.',
    },
    details: [
      {
        en: 'Soft brushed cotton',
        fr: 'Coton doux gratté',
        ar: 'قطن ناعم الملمس',
      },
      {
        en: 'Hood and simple sfifa',
        fr: 'Capuche et sfifa simple',
        ar: 'قب وسفيفة بسيطة',
      },
      {
        en: 'Deep pockets on both sides',
        fr: 'Poches profondes de chaque côté',
        ar: 'جيوب عميقة على الجانبين',
      },
      {
        en: 'Easy-care, machine washable',
        fr: 'Entretien facile, lavable en machine',
        ar: 'سهلة العناية وقابلة للغسل في الغسالة',
      },
      LENGTH_CALF,
      MADE_IN_MARRAKECH,
    ],
    care: CARE_WASHABLE,
    price: '460.00',
    colors: ['camel', 'terracotta', 'charcoal'],
    sizes: ALL_SIZES,
    status: 'active',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 232,
    motif: 'rosette',
    accent: '#e8d6b3',
  },
  {
    slug: 'malak-womens-satin-jellaba',
    category: 'jellaba',
    name: {
      en: 'Malak Women’s Satin Jellaba',
      fr: 'Djellaba femme Malak en satin',
      ar: 'جلابة ملاك النسائية من الساتان',
    },
    description: {
      en: 'Malak is an evening jellaba in lilac satin, edged with a silver sfifa and scattered with hand-sewn crystals on the hood. Graceful for Laylat al-Qadr, henna evenings and late Eid dinners.',
      fr: 'Malak est une djellaba du soir en satin lilas, bordée d’une sfifa argentée et parsemée de cristaux cousus main sur la capuche. Gracieuse pour la nuit du Destin, les soirées du henné et les dîners tardifs de l’Aïd.',
      ar: 'ملاك جلابة سهرة من الساتان الليلكي، تحيط بها سفيفة فضية وتتناثر على قبّها حبات كريستال مخيطة يدويًا. أنيقة لليلة القدر وسهرات الحناء وعشاءات العيد المتأخرة.',
    },
    details: [
      {
        en: 'Satin with a soft sheen',
        fr: 'Satin au doux éclat',
        ar: 'ساتان بلمعة هادئة',
      },
      {
        en: 'Silver sfifa and aakad buttons',
        fr: 'Sfifa et boutons aakad argentés',
        ar: 'سفيفة وأزرار عقاد فضية',
      },
      {
        en: 'Hand-sewn crystals on the qob',
        fr: 'Cristaux cousus main sur le qob',
        ar: 'حبات كريستال مخيطة يدويًا على القب',
      },
      {
        en: 'Lined in viscose',
        fr: 'Doublée de viscose',
        ar: 'مبطّنة بالفسكوز',
      },
      MADE_IN_RABAT,
    ],
    care: CARE_DELICATE,
    price: '1150.00',
    colors: ['lilac', 'rose-gold'],
    sizes: ['S', 'M', 'L'],
    status: 'inactive',
    featured: false,
    bestSeller: false,
    createdDaysAgo: 214,
    motif: 'floral',
    accent: SILVER,
  },
];

// ---------------------------------------------------------------------------
// Gallery scenes for the home page and the "our craft" section.
// ---------------------------------------------------------------------------

export const galleries: SeedGalleryItem[] = [
  {
    key: 'atelier-fes',
    subject: 'atelier',
    caption: {
      en: 'Our atelier in Fes, where every caftan is cut and sewn by hand',
      fr: 'Notre atelier de Fès, où chaque caftan est coupé et cousu à la main',
      ar: 'ورشتنا في فاس، حيث يُقصّ كل قفطان ويُخاط باليد',
    },
    palette: ['#6d1a2a', '#c9a24a', '#f4ecdc'],
    motif: 'lattice',
  },
  {
    key: 'sfifa-close-up',
    subject: 'trim',
    caption: {
      en: 'Sfifa braid and aakad buttons, stitched one by one',
      fr: 'Sfifa et boutons aakad, cousus un à un',
      ar: 'السفيفة وأزرار العقاد، تُخاط واحدًا تلو الآخر',
    },
    palette: ['#1f6b4f', '#c9a24a'],
    motif: 'rosette',
  },
  {
    key: 'fes-medina',
    subject: 'lane',
    caption: {
      en: 'Morning light in the lanes of the Fes medina',
      fr: 'Lumière du matin dans les ruelles de la médina de Fès',
      ar: 'ضوء الصباح في أزقّة المدينة القديمة بفاس',
    },
    palette: ['#c2603d', '#e8d6b3', '#6b4a32'],
    motif: 'chevron',
  },
  {
    key: 'wedding-night',
    subject: 'bride',
    caption: {
      en: 'A bride’s takchita, between gold and candlelight',
      fr: 'La takchita d’une mariée, entre or et lueur des bougies',
      ar: 'تكشيطة العروس بين بريق الذهب وضوء الشموع',
    },
    palette: ['#6d1a2a', '#c9a24a', '#e8d6b3'],
    motif: 'star8',
  },
  {
    key: 'eid-morning',
    subject: 'family',
    caption: {
      en: 'Eid morning: new jellabas for the whole family',
      fr: 'Matin de l’Aïd : des djellabas neuves pour toute la famille',
      ar: 'صباح العيد: جلابيب جديدة للعائلة كلها',
    },
    palette: ['#f4ecdc', '#9aab8f', '#c9a24a'],
    motif: 'floral',
  },
  {
    key: 'majorelle-blue',
    subject: 'garden',
    caption: {
      en: 'The deep blue of the Majorelle Garden in Marrakech',
      fr: 'Le bleu profond du jardin Majorelle à Marrakech',
      ar: 'الأزرق العميق لحديقة ماجوريل في مراكش',
    },
    palette: ['#2a4fbf', '#e0a526', '#1f6b4f'],
    motif: 'lattice',
  },
  {
    key: 'zellige-fountain',
    subject: 'fountain',
    caption: {
      en: 'A zellige fountain in the courtyard of a Fes riad',
      fr: 'Une fontaine en zellige dans le patio d’un riad de Fès',
      ar: 'نافورة مكسوّة بالزليج في فناء رياض بفاس',
    },
    palette: ['#1d5c63', '#f4ecdc', '#1f6b4f', '#c2603d'],
    motif: 'star8',
  },
  {
    key: 'fabric-souk',
    subject: 'souk',
    caption: {
      en: 'Bolts of velvet and brocade in the fabric souk',
      fr: 'Rouleaux de velours et de brocart au souk des tissus',
      ar: 'لفائف المخمل والديباج في سوق الأقمشة',
    },
    palette: ['#6d1a2a', '#1c2a4a', '#e0a526', '#b9a2c8'],
    motif: 'chevron',
  },
];
