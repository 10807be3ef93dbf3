/**
 * A bilingual lexicon of what visitors ask a real-estate project about: each concept with its
 * English and Arabic words (a phrase where one word would mislead: حمام سباحة is a pool, حمام
 * alone a bathroom; حساب الضمان is escrow, ضمان alone a warranty). Retrieval translates a
 * question's words through it to search the knowledge base in the other language
 * (knowledge-crossing.ts). Written by hand for the domain, offline: no model, no network.
 *
 * English words are matched on a crude stem (amenities ~ amenity), Arabic ones folded as the
 * index folds them (article off, أ → ا, ة → ه). A word belongs to one concept only.
 */
export interface LexiconConcept {
  en: string[];
  ar: string[];
}

const c = (en: string, ar: string): LexiconConcept => ({ en: en.split('|'), ar: ar.split('|') });

export const PROPERTY_LEXICON: LexiconConcept[] = [
  // Amenities
  c('amenity|amenities|facility|facilities|common area|common areas', 'مرافق|مرفق|منشآت|مرافق مشتركة'),
  c('pool|swimming pool|swimming|swim', 'مسبح|مسابح|حمام سباحة|سباحة'),
  c('gym|fitness|health club|fitness centre|fitness center', 'نادي رياضي|نادٍ رياضي|صالة رياضية|جيم|لياقة'),
  c('women|woman|ladies|female', 'نساء|سيدات|نسائي|نسائية'),
  c('child|children|kid|kids', 'أطفال|طفل'),
  c('play area|playground|play', 'ألعاب|منطقة ألعاب|لعب'),
  c('park|garden|gardens|landscaping|green', 'حديقة|حدائق|منتزه|تنسيق الحدائق'),
  c('jogging|running|jogging track|walking track|walkway|walkways', 'جري|مسار للمشي|ممشى|ممرات'),
  c('hall|event|events', 'قاعة|قاعات|مناسبات'),
  c('mosque', 'مسجد|جامع'),
  c('shade|shaded|covered', 'مظلل|مظللة|مغطى|مظلات'),
  // Parking and access
  c('parking|car park|parking space|parking spaces|garage|parking lot', 'موقف|مواقف|مرآب|كراج|باركنج|موقف سيارات'),
  c('car|cars|vehicle|vehicles', 'سيارة|سيارات|سيارتين'),
  c('visitor|visitors|guest|guests', 'زوار|زائر|ضيوف|ضيف'),
  c('basement|underground', 'قبو|بدروم'),
  c('gate|gated|entrance|entrances', 'بوابة|مسور|مسوّر|مداخل|مدخل'),
  // Location
  c('location|located|situated|address', 'موقع|يقع|تقع|عنوان'),
  c('district|neighbourhood|neighborhood', 'حي|أحياء'),
  c('near|nearby|close|closest|nearest|proximity', 'قريب|قريبة|قريبه|أقرب|بالقرب'),
  c('far|distance|away|minutes|minute|drive', 'يبعد|تبعد|مسافة|دقائق|دقيقة|بالسيارة'),
  c('airport', 'مطار'),
  c('metro|subway|train|station', 'مترو|قطار|محطة'),
  c('road|highway|street', 'طريق|شارع'),
  c('school|schools', 'مدرسة|مدارس'),
  c('hospital|hospitals|clinic|clinics', 'مستشفى|مستشفيات|عيادة'),
  c('mall|shopping|supermarket', 'مول|تسوق|مركز تسوق|سوبرماركت'),
  // Payment and money (prices themselves come from the live units)
  c('payment|payments|pay|paid|instalment|instalments|installment|installments', 'دفع|دفعة|دفعات|سداد|قسط|أقساط|تدفع'),
  c('payment plan|plan', 'خطة الدفع|خطة|خطة سداد'),
  c('percentage|percent|deposit|down payment', 'نسبة|بالمئة|عربون|دفعة أولى'),
  c('escrow|escrow account', 'حساب الضمان|حساب ضمان'),
  c('bank|banks', 'بنك|بنوك|مصرف|مصارف'),
  c('mortgage|finance|financing|loan|home loan', 'تمويل|تمويل عقاري|رهن عقاري|قرض|يمول'),
  c('sakani', 'برنامج سكني'),
  c('fee|fees|charge|charges|service charge|service charges', 'رسوم|رسم|رسوم خدمات'),
  c('maintenance|cleaning', 'صيانة|نظافة'),
  c('annual|yearly|every year|year|years', 'سنوي|سنوية|سنة|سنوات|عام|سنويا'),
  c('refund|refunds|money back|refunded', 'استرداد|أسترد|يسترد|مسترد'),
  c('cancel|cancellation|cancelled|canceled', 'إلغاء|ألغيت|ألغي|يلغي|الإلغاء'),
  // Buying
  c('reserve|reservation|book|booking|booked', 'حجز|يحجز|أحجز|الحجز'),
  c('document|documents|papers|paperwork|id|national id', 'مستندات|مستند|وثائق|أوراق|هوية|الهوية الوطنية'),
  c('contract|agreement', 'عقد|عقود'),
  c('buy|purchase|buyer|buyers|own|ownership|owning', 'شراء|تملك|يشتري|أشتري|امتلاك|مشتري|مشترين|التملك'),
  c(
    'foreigner|foreigners|expat|expats|non-saudi|foreign|non saudi',
    'أجانب|أجنبي|غير سعودي|غير السعوديين|غير السعودي|وافد|وافدين',
  ),
  c('iqama|residency|residence permit', 'إقامة'),
  c('resident|residents', 'سكان|مقيم|مقيمين|المقيم|قاطنين'),
  c(
    'licence|license|licensed|licenced|permit|rega|real estate general authority',
    'ترخيص|رخصة|مرخص|الهيئة العامة للعقار|هيئة العقار',
  ),
  c('wafi|off-plan|off plan', 'وافي|على الخارطة'),
  c('developer|developed', 'مطور|المطور|تطوير'),
  c('sales|sales team', 'مبيعات|فريق المبيعات'),
  c('sales centre|sales center|sales office|showroom', 'مركز المبيعات|مكتب المبيعات|صالة العرض'),
  c('show apartment|model unit|show unit|show home', 'الشقة النموذجية|شقة نموذجية|نموذجية'),
  c('visit|viewing|appointment', 'زيارة|أزور|موعد|معاينة'),
  c('opening hours|hours|open|opening|timings|working hours', 'مواعيد|ساعات|أوقات|مفتوح|دوام|يفتح|تفتح'),
  // Handover and construction
  c('handover|hand over|handed over|delivery|deliver|delivered|move in', 'تسليم|استلام|التسليم|يتم تسليم'),
  c('construction|progress|built|build|building works', 'إنشاء|بناء|تشييد|سير العمل|الإنشاء|تقدم'),
  c('completion|complete|completed|finished|ready', 'اكتمال|اكتمل|جاهز|انتهاء'),
  c('quarter', 'ربع'),
  c('warranty|guarantee|guaranteed|warranties', 'ضمان|ضمانات|يضمن|تضمن'),
  c('structure|structural', 'هيكل|إنشائي|الهيكل الإنشائي'),
  c('defect|defects|snag|snags', 'عيوب|عيب'),
  // Homes
  c('apartment|apartments|flat|flats', 'شقة|شقق'),
  c('townhouse|townhouses|town house', 'تاون هاوس'),
  c('villa|villas', 'فيلا|فلل|فيلات'),
  c('unit|units', 'وحدة|وحدات'),
  c('home|homes|house|houses|residence', 'منزل|منازل|بيت|بيوت|مسكن'),
  c('building|buildings|tower|towers', 'مبنى|مباني|مبان|عمارة|برج|أبراج'),
  c('community|compound', 'مجمع|مجتمع'),
  c('bedroom|bedrooms', 'غرفة نوم|غرف نوم|غرف النوم'),
  c('room|rooms', 'غرفة|غرف|غرفتين'),
  c('bathroom|bathrooms|toilet|toilets', 'حمام|حمامات|دورة مياه'),
  c('kitchen|kitchens', 'مطبخ|مطابخ'),
  c('finish|finishes|finishing|fittings|fitted', 'تشطيب|تشطيبات|تجهيزات|مجهزة'),
  c('floor|floors|flooring|tiles|storey|storeys', 'أرضيات|أرضية|بلاط|طابق|طوابق|دور'),
  c('balcony|balconies|terrace', 'شرفة|شرفات|بلكونة|تراس'),
  c('roof|rooftop|roofs', 'سطح|أسطح'),
  c('maid|maids|maid room', 'خادمة|غرفة خادمة'),
  c('size|area|square metres|square meters|sqm|space', 'مساحة|مساحات|متر مربع|أمتار مربعة'),
  c('private', 'خاص|خاصة'),
  c('family|families', 'عائلة|عائلات|أسر|أسرة'),
  // Safety and technology
  c('security|safety|safe|secure', 'أمن|أمان|آمن'),
  c('guard|guards|security guard|security guards', 'حراسة|حارس|حراس'),
  c('cctv|camera|cameras|surveillance', 'كاميرات|كاميرا|مراقبة'),
  c('smart|smart home', 'ذكي|ذكية|المنزل الذكي'),
  c('lock|locks', 'قفل|أقفال'),
  c('intercom|doorbell', 'جرس|انتركم'),
  // Pets
  c('pet|pets|animal|animals', 'حيوانات أليفة|حيوانات|حيوان|أليفة'),
  c('cat|cats', 'قطط|قطة'),
  c('dog|dogs', 'كلاب|كلب'),
  c('allowed|allow|permitted', 'يسمح|مسموح|يُسمح'),
  // Energy
  c('solar|solar panel|solar panels', 'شمسية|ألواح شمسية|طاقة شمسية'),
  c('energy|efficiency|efficient|electricity|electrical', 'طاقة|كفاءة|كهرباء'),
  c('insulation|insulated', 'عزل|معزولة'),
  c('air conditioning|air conditioner|ac|cooling|conditioning|thermostat|thermostats', 'تكييف|تبريد|مكيف'),
  c('plumbing', 'سباكة'),
  c('water|irrigation|irrigated', 'مياه|ماء|ري|تروى'),
  c('window|windows|glazing|double glazed', 'نوافذ|نافذة|زجاج'),
  // Time
  c('day|days', 'يوم|أيام|يوما'),
  c('week|weeks', 'أسبوع|أسابيع|أسبوعين'),
  c('month|months|monthly', 'شهر|أشهر|شهري|شهريا'),
  c('friday', 'الجمعة'),
  c('saturday', 'السبت'),
  c('sunday', 'الأحد'),
  c('thursday', 'الخميس'),
  // Media
  c('photo|photos|picture|pictures|image|images', 'صور|صورة'),
  c('report|reports|update|updates', 'تقرير|تقارير|تحديث'),
  c('video|videos', 'فيديو|مرئي'),
];
