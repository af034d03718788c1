import { languagePath, type Language } from '@boutique/contracts/constants';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

export interface WhatsappOrder {
  number: string;
  productName: string;
  price: string;
  size: string;
  color?: string;
  quantity: number;
  /** The shop's address (`https://darlalla.ae`) and the product's slug: the message links the product's page. */
  publicUrl: string;
  slug: string;
  /** Localised message template with {{name}}, {{price}}, {{size}}, {{color}}, {{quantity}}, {{url}}. */
  template: (values: Record<string, string>) => string;
  lang: Language;
}

/** The product's page in the shopper's language (`/ar/product/...`, `/fr/product/...`), absolute. */
export const productAddress = (publicUrl: string, lang: Language, slug: string) =>
  `${publicUrl.replace(/\/+$/, '')}${languagePath(lang, paths.product.href(slug))}`;

/** The Cash-on-Delivery order link: the shop's WhatsApp number with the order written out. */
export function whatsappOrderLink(order: WhatsappOrder): string {
  const unit = Number(order.price);
  const total = (Math.round(unit * 100) * order.quantity) / 100;
  const text = order.template({
    name: order.productName,
    price: formatMoney(total, order.lang),
    size: order.size,
    color: order.color ?? '',
    quantity: String(order.quantity),
    url: productAddress(order.publicUrl, order.lang, order.slug),
  });
  return `https://wa.me/${order.number}?text=${encodeURIComponent(text)}`;
}
