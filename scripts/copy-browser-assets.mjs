// Copies the browser files the gateway serves (plain JavaScript and CSS, not compiled by tsc)
// beside their compiled module in dist/, so `node dist/...` finds them where the source did.
import { cpSync } from 'node:fs';

const FOLDERS = ['apps/gateway/src/widget-page/assets'];

for (const folder of FOLDERS) cpSync(folder, `dist/${folder}`, { recursive: true });
