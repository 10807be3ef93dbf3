import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { InvoiceRow } from './invoices.repository';
import { formatAmount } from './vat';

/** DejaVu Sans covers Latin and Arabic (with its joining forms); shipped on npm, read from disk, never downloaded. */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(FONT_DIR, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const PAGE = { left: 40, right: 555 };
const ARABIC = /[\u0600-\u06FF]/;

/**
 * The invoice as a bilingual A4 PDF: English on the left, Arabic on the right (right-aligned,
 * right to left), values between. pdfkit shapes each Arabic word (fontkit joins the letters and
 * orders a word's glyphs right to left); the words of a line are placed right to left here,
 * one by one, because pdfkit would lay them out left to right.
 */
export async function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: invoice.number } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('regular', FONT).registerFont('bold', FONT_BOLD).font('regular');

  const credit = invoice.kind === 'credit_note';
  const simplified = !invoice.buyer_vat_number;
  const [title, titleAr] = credit
    ? ['Credit note', 'إشعار دائن']
    : simplified
      ? ['Simplified tax invoice', 'فاتورة ضريبية مبسطة']
      : ['Tax invoice', 'فاتورة ضريبية'];
  doc.font('bold').fontSize(18);
  doc.text(title, PAGE.left, 40, { lineBreak: false });
  rtl(doc, titleAr, PAGE.right, 40);
  let y = 72;
  if (invoice.demo) {
    doc.font('bold').fontSize(11).fillColor('#b00020');
    doc.text('DEMO: no payment was taken', PAGE.left, y, { lineBreak: false });
    rtl(doc, 'تجريبي: لم يحصل أي مبلغ', PAGE.right, y);
    doc.fillColor('black');
    y += 22;
  }

  doc.font('regular').fontSize(10);
  const rows: [string, string, string][] = [
    ['Number', invoice.number, 'رقم الفاتورة'],
    ['Issued', new Date(invoice.issued_at).toISOString().replace('.000Z', 'Z'), 'تاريخ الإصدار'],
    ['Seller', invoice.seller_name, 'البائع'],
    ['', invoice.seller_name_ar, ''],
    ['Seller VAT number', invoice.seller_vat_number, 'الرقم الضريبي للبائع'],
    ['Buyer', invoice.buyer_name ?? '—', 'المشتري'],
    ['Buyer VAT number', invoice.buyer_vat_number ?? '—', 'الرقم الضريبي للمشتري'],
  ];
  y += 8;
  for (const [label, value, labelAr] of rows) {
    doc.fillColor('#555').text(label, PAGE.left, y, { lineBreak: false });
    doc.fillColor('black');
    if (ARABIC.test(value)) rtl(doc, value, 400, y);
    else doc.text(value, 170, y, { lineBreak: false });
    doc.fillColor('#555');
    rtl(doc, labelAr, PAGE.right, y);
    doc.fillColor('black');
    y += 18;
  }

  // Lines: English header over Arabic header, then the lines.
  y += 14;
  const columns = [
    { x: PAGE.left, en: 'Description', ar: 'الوصف' },
    { x: 290, en: 'Qty', ar: 'الكمية' },
    { x: 340, en: 'Net', ar: 'الصافي' },
    { x: 415, en: 'VAT', ar: 'الضريبة' },
    { x: 490, en: 'Total', ar: 'الإجمالي' },
  ];
  doc
    .rect(PAGE.left - 4, y - 4, PAGE.right - PAGE.left + 8, 34)
    .fill('#eef1f5')
    .fillColor('black');
  doc.font('bold');
  for (const column of columns) {
    doc.text(column.en, column.x, y, { lineBreak: false });
    rtl(doc, column.ar, column.x + doc.widthOfString(column.ar), y + 14);
  }
  doc.font('regular');
  y += 40;
  for (const line of invoice.lines) {
    doc.text(line.description, columns[0].x, y, { lineBreak: false });
    rtl(doc, line.description_ar, columns[0].x + doc.widthOfString(line.description_ar), y + 14);
    doc.text(String(line.quantity), columns[1].x, y, { lineBreak: false });
    doc.text(formatAmount(line.net), columns[2].x, y, { lineBreak: false });
    doc.text(formatAmount(line.vat), columns[3].x, y, { lineBreak: false });
    doc.text(formatAmount(line.total), columns[4].x, y, { lineBreak: false });
    y += 36;
  }

  // Totals.
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).stroke('#999');
  y += 10;
  const totals: [string, string, string][] = [
    [`Total excluding VAT (${invoice.currency})`, formatAmount(invoice.net), 'الإجمالي غير شامل الضريبة'],
    [`VAT ${invoice.vat_rate}%`, formatAmount(invoice.vat), 'ضريبة القيمة المضافة'],
    [`Total including VAT (${invoice.currency})`, formatAmount(invoice.total), 'الإجمالي شامل الضريبة'],
  ];
  for (const [label, value, labelAr] of totals) {
    doc.font(label.startsWith('Total including') ? 'bold' : 'regular');
    doc.text(label, PAGE.left, y, { lineBreak: false });
    doc.text(value, 290, y, { lineBreak: false });
    rtl(doc, labelAr, PAGE.right, y);
    y += 20;
  }

  if (invoice.zatca_qr) {
    const qr = await QRCode.toBuffer(invoice.zatca_qr, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    doc.image(qr, PAGE.left, y + 16, { width: 120 });
    doc.font('regular').fontSize(8).fillColor('#555');
    doc.text('ZATCA e-invoice QR', PAGE.left + 130, y + 20, { lineBreak: false });
    rtl(doc, 'رمز الاستجابة السريعة للفاتورة', PAGE.right, y + 20);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Arabic text ending at `right`: its words placed right to left, each shaped by the font. */
function rtl(doc: PDFKit.PDFDocument, text: string, right: number, y: number): void {
  const space = doc.widthOfString(' ');
  let x = right;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    x -= doc.widthOfString(word);
    doc.text(word, x, y, { lineBreak: false });
    x -= space;
  }
}
