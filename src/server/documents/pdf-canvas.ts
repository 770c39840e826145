import { PageSizes, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Field } from './e-ticket-content.ts';
import { safeText, wrapText } from './pdf-text.ts';

/** The drawing kit of the agency's A4 documents (e-ticket, boarding pass): page size, colours, text and fields. */
export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const HEADER_HEIGHT = 64;
export const QR_SIZE = 124;
export const GAP = 16;

export const navy = rgb(0.043, 0.227, 0.404);
export const ink = rgb(0.1, 0.12, 0.16);
export const grey = rgb(0.38, 0.41, 0.46);
export const rule = rgb(0.8, 0.83, 0.87);
export const tint = rgb(0.93, 0.95, 0.98);
export const white = rgb(1, 1, 1);

export interface Style {
  size: number;
  bold?: boolean;
  color?: RGB;
}

/** One page being drawn; `y` coordinates are the top of what comes next, in PDF points from the bottom. */
export class Canvas {
  readonly page: PDFPage;
  readonly regular: PDFFont;
  readonly bold: PDFFont;

  constructor(page: PDFPage, regular: PDFFont, bold: PDFFont) {
    this.page = page;
    this.regular = regular;
    this.bold = bold;
  }

  font(style: Style): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  width(text: string, style: Style): number {
    return this.font(style).widthOfTextAtSize(safeText(text), style.size);
  }

  /** One line whose top is at `top`; `align: 'right'` puts its end at `x`. Returns the next line's top. */
  line(text: string, x: number, top: number, style: Style, align: 'left' | 'right' = 'left'): number {
    const safe = safeText(text);
    const left = align === 'right' ? x - this.width(safe, style) : x;
    this.page.drawText(safe, {
      x: left,
      y: top - style.size * 0.8,
      size: style.size,
      font: this.font(style),
      color: style.color ?? ink,
    });
    return top - style.size * 1.3;
  }

  /** `text` wrapped to `width`, lines from `top` down. Returns the top of what comes next. */
  paragraph(text: string, x: number, top: number, width: number, style: Style): number {
    let y = top;
    for (const line of wrapText(text, this.font(style), style.size, width)) y = this.line(line, x, y, style);
    return y;
  }

  /** How tall `paragraph` would be. */
  paragraphHeight(text: string, width: number, style: Style): number {
    return wrapText(text, this.font(style), style.size, width).length * style.size * 1.3;
  }
}

export const label: Style = { size: 7.5, color: grey };
export const value: Style = { size: 10.5, bold: true };

/** Fields in a grid of `columns`, a wide field on a row of its own. Returns the top of what comes next. */
export function fieldGrid(
  c: Canvas,
  fields: Field[],
  x: number,
  top: number,
  width: number,
  columns: number,
): number {
  const columnWidth = (width - (columns - 1) * 12) / columns;
  let y = top;
  let row: Field[] = [];
  const flush = () => {
    if (row.length === 0) return;
    const wide = row.length === 1 && row[0]?.wide;
    const bottoms = row.map((field, i) => {
      const left = x + i * (columnWidth + 12);
      const below = c.line(field.label, left, y, label);
      return c.paragraph(field.value, left, below, wide ? width : columnWidth, value);
    });
    y = Math.min(...bottoms) - 5;
    row = [];
  };
  for (const field of fields) {
    if (field.wide) {
      flush();
      row = [field];
      flush();
      continue;
    }
    row.push(field);
    if (row.length === columns) flush();
  }
  flush();
  return y;
}
