import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { AdminStats } from '@boutique/contracts/admin';
import { formatMoney } from '@/lib/format';

/**
 * Revenue (AED, left axis) and orders (right axis) per day, drawn by uPlot (a small canvas chart library, in
 * this chunk only). Redrawn at the width of its box; colours from the shop's tokens, so dark mode follows.
 */
export default function RevenueChart({
  perDay,
  lang,
  labels,
}: {
  perDay: AdminStats['per_day'];
  lang: string;
  labels: { revenue: string; orders: string };
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const css = getComputedStyle(element);
    const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    const text = token('--color-text', '#1f1a16');
    const grid = token('--color-border', '#e3d9cb');
    const data: uPlot.AlignedData = [
      perDay.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
      perDay.map((d) => Number(d.revenue)),
      perDay.map((d) => d.orders),
    ];
    const dayFormat = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-MA' : lang, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height: 260,
      // The legend is the page's own (below), in the page's language and direction.
      legend: { show: false },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, orders: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
      series: [
        { value: (_u, ts: number) => dayFormat.format(new Date(ts * 1000)) },
        {
          label: labels.revenue,
          stroke: token('--color-accent', '#7a5c20'),
          fill: `${token('--color-accent', '#7a5c20')}22`,
          width: 2,
          value: (_u, v: number | null) => (v == null ? '—' : formatMoney(v, lang)),
        },
        {
          label: labels.orders,
          scale: 'orders',
          stroke: token('--color-emerald', '#1f5c4a'),
          width: 2,
          dash: [6, 4],
          value: (_u, v: number | null) => (v == null ? '—' : String(v)),
        },
      ],
      axes: [
        { ...axis, values: (_u, splits) => splits.map((ts) => dayFormat.format(new Date(ts * 1000))) },
        {
          ...axis,
          size: 70,
          values: (_u, splits) => splits.map((v) => formatMoney(v, 'en').replace('AED\u00a0', '')),
        },
        { ...axis, scale: 'orders', side: 1, grid: { show: false } },
      ],
    };
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 280), height: 260 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [perDay, lang, labels.revenue, labels.orders]);

  return (
    <>
      <div ref={box} className="adm-chart" />
      <p className="adm-chart-legend">
        <span data-series="revenue">{labels.revenue}</span>
        <span data-series="orders">{labels.orders}</span>
      </p>
    </>
  );
}
