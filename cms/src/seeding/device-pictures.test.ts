import { describe, expect, it } from 'vitest';
import { devicePictureName, withLibraryPictures } from './device-pictures';

describe('demo device pictures in the media library', () => {
  it('are known by the file name of their old picture address', () => {
    expect(devicePictureName('/images/devices/iphone-15.svg')).toBe('iphone-15.svg');
    expect(devicePictureName('https://cdn.example/iphone-15.svg')).toBeNull();
    expect(devicePictureName('/images/devices/../x.svg')).toBeNull();
  });

  it('are given to seeded carousel items, which keep their picture address as a fallback', () => {
    const landing = withLibraryPictures(
      {
        heroTitle: 'Hi',
        popularSmartphones: [
          { title: 'iPhone 15', imagePath: '/images/devices/iphone-15.svg' },
          { title: 'Other', imagePath: '/x.svg' },
        ],
      },
      new Map([['iphone-15.svg', 7]]),
    );
    expect(landing.popularSmartphones).toEqual([
      { title: 'iPhone 15', imagePath: '/images/devices/iphone-15.svg', image: 7 },
      { title: 'Other', imagePath: '/x.svg' },
    ]);
    expect(landing.heroTitle).toBe('Hi');
  });
});
