import { formatMoney } from '@/lib/format';

export interface WhatsappOrder {
  number: string;
  productName: string;
  price: string;
  size: string;
  color?: string;
  quantity: number;
  productUrl: string;
  /** Localised message template with {{name}}, {{price}}, {{size}}, {{color}}, {{quantity}}, {{url}}. */
  template: (values: Record<string, string>) => string;
  lang: string;
}

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
    url: order.productUrl,
  });
  return `https://wa.me/${order.number}?text=${encodeURIComponent(text)}`;
}
