import type { Currency, ListingType } from '@app/contracts';

/**
 * Three short bullets per language from the listing's own facts, written at publication.
 * A deterministic template (the decision service's `template` reasoning is the model); an AI
 * provider can replace it behind the same signature.
 */
export interface BulletFacts {
  property_type: ListingType;
  bedrooms: number | null;
  bathrooms: number | null;
  area_sqm: number;
  price: number;
  currency: Currency;
  price_sar: number;
  city_en: string;
  city_ar: string;
  district_en: string;
  district_ar: string;
}

const TYPE_EN: Record<ListingType, string> = {
  apartment: 'apartment',
  villa: 'villa',
  land: 'land plot',
  shop: 'shop',
  office: 'office',
};

const TYPE_AR: Record<ListingType, string> = {
  apartment: 'شقة',
  villa: 'فيلا',
  land: 'أرض',
  shop: 'محل تجاري',
  office: 'مكتب',
};

const CURRENCY_AR: Record<Currency, string> = { SAR: 'ريال', AED: 'درهم' };

const number = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);

export function listingBullets(facts: BulletFacts): { en: string[]; ar: string[] } {
  const perSqm = number(facts.price_sar / facts.area_sqm);
  const area = number(facts.area_sqm);
  const rooms = facts.property_type !== 'land' && facts.bedrooms ? facts.bedrooms : null;
  const typeEn = TYPE_EN[facts.property_type];
  const typeAr = TYPE_AR[facts.property_type];
  return {
    en: [
      rooms !== null ? `${rooms}-bedroom ${typeEn}, ${area} m²` : `${capitalise(typeEn)}, ${area} m²`,
      `In ${facts.district_en}, ${facts.city_en}`,
      `Asking ${number(facts.price)} ${facts.currency} (${perSqm} SAR per m²)`,
    ],
    ar: [
      rooms !== null ? `${typeAr} ${bedroomsAr(rooms)}، ${area} م²` : `${typeAr}، ${area} م²`,
      `في ${districtAr(facts.district_ar)}، ${facts.city_ar}`,
      `السعر المطلوب ${number(facts.price)} ${CURRENCY_AR[facts.currency]} (${perSqm} ريال للمتر المربع)`,
    ],
  };
}

/**
 * "حي العليا" from "العليا", and "حي حطين" or "الحي الدبلوماسي" as given: many gazetteer names
 * already carry the word (حي or الحي, حى as it is often typed, with or without shadda), which
 * must not be doubled.
 */
export function districtAr(name: string): string {
  const trimmed = name.trim();
  return /^(ال)?ح[يى]\u0651?\s/.test(trimmed) ? trimmed : `حي ${trimmed}`;
}

/** Arabic counts its nouns: one and two have their own forms, 3-10 take the plural, 11 and up the singular. */
export function bedroomsAr(count: number): string {
  if (count === 1) return 'بغرفة نوم واحدة';
  if (count === 2) return 'بغرفتي نوم';
  if (count <= 10) return `من ${count} غرف نوم`;
  return `من ${count} غرفة نوم`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
