import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetUrls } from './widget-page-html';

export interface StaticAsset {
  body: Buffer;
  contentType: string;
  /** A strong validator of the content: the page links the asset with it, browsers revalidate with it. */
  etag: string;
  version: string;
}

/**
 * The widget's browser files, plain JavaScript and CSS beside this module (`assets/`, copied
 * into dist by the build). Read once at start-up: they only change with a deployment.
 */
const ASSETS_DIR = path.join(__dirname, 'assets');

function load(file: string, contentType: string): StaticAsset {
  const body = readFileSync(path.join(ASSETS_DIR, file));
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return { body, contentType, etag: `"${version}"`, version };
}

export interface WidgetAssets {
  loader: StaticAsset;
  script: StaticAsset;
  stylesheet: StaticAsset;
  /** What the pages link: versioned, so a deployment's new files are never hidden by a cached old one. */
  urls: AssetUrls;
}

export function loadWidgetAssets(): WidgetAssets {
  const script = load('chat.js', 'text/javascript; charset=utf-8');
  const stylesheet = load('chat.css', 'text/css; charset=utf-8');
  return {
    loader: load('loader.js', 'text/javascript; charset=utf-8'),
    script,
    stylesheet,
    urls: {
      script: `/widget/assets/chat.js?v=${script.version}`,
      stylesheet: `/widget/assets/chat.css?v=${stylesheet.version}`,
    },
  };
}
