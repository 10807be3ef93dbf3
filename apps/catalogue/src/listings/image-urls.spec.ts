import { ImageUrls } from './image-urls';

const KEY = 'listings/0b6c2f4e-8d1a-4c3e-9f2a-1e5d7c9b3a40/5f0e1d2c-3b4a-4968-8776-655443322110-thumb.webp';

describe('ImageUrls', () => {
  it("should point at the gateway's image route when the store serves nothing itself", () => {
    const urls = new ImageUrls({ PUBLIC_URL: 'https://api.example.sa/' } as never);
    expect(urls.imageUrl(KEY)).toBe(`https://api.example.sa/v1/images/${KEY}`);
  });

  it('should default to the local gateway when PUBLIC_URL is unset', () => {
    expect(new ImageUrls({} as never).imageUrl(KEY)).toBe(`http://localhost:3000/v1/images/${KEY}`);
  });

  it("should point at the store's public address when S3_PUBLIC_URL is set", () => {
    const urls = new ImageUrls({
      PUBLIC_URL: 'https://api.example.sa',
      S3_PUBLIC_URL: 'https://images.example.sa/pdp//',
    } as never);
    expect(urls.imageUrl(KEY)).toBe(`https://images.example.sa/pdp/${KEY}`);
  });
});
