import { ImageUrls } from './image-urls';

const STANDALONE = { mode: 'standalone' } as const;
const DISTRIBUTED = { mode: 'distributed' } as const;

const KEY = 'listings/0b6c2f4e-8d1a-4c3e-9f2a-1e5d7c9b3a40/5f0e1d2c-3b4a-4968-8776-655443322110-thumb.webp';

describe('ImageUrls', () => {
  it("should point at the gateway's image route when the store serves nothing itself", () => {
    const urls = new ImageUrls({ PUBLIC_URL: 'https://api.example.sa/', PORT: 3300 } as never, STANDALONE);
    expect(urls.imageUrl(KEY)).toBe(`https://api.example.sa/v1/images/${KEY}`);
  });

  it("should follow the gateway's PORT when PUBLIC_URL is unset in standalone", () => {
    expect(new ImageUrls({ PORT: 3300 } as never, STANDALONE).imageUrl(KEY)).toBe(
      `http://localhost:3300/v1/images/${KEY}`,
    );
    expect(new ImageUrls({} as never, STANDALONE).imageUrl(KEY)).toBe(`http://localhost:3000/v1/images/${KEY}`);
  });

  it("should not take a distributed catalogue's own PORT for the gateway's", () => {
    expect(new ImageUrls({ PORT: 3002 } as never, DISTRIBUTED).imageUrl(KEY)).toBe(
      `http://localhost:3000/v1/images/${KEY}`,
    );
  });

  it("should point at the store's public address when S3_PUBLIC_URL is set", () => {
    const urls = new ImageUrls(
      {
        PUBLIC_URL: 'https://api.example.sa',
        S3_PUBLIC_URL: 'https://images.example.sa/pdp//',
      } as never,
      DISTRIBUTED,
    );
    expect(urls.imageUrl(KEY)).toBe(`https://images.example.sa/pdp/${KEY}`);
  });
});
