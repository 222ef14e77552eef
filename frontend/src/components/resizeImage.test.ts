import { dataUrlBytes, fitWithin } from './resizeImage';

describe('photo sizes', () => {
  it('counts the bytes a data URL holds', () => {
    // "abc" and "ab" in base64: 3 and 2 bytes.
    expect(dataUrlBytes('data:image/png;base64,YWJj')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,YWI=')).toBe(2);
    expect(dataUrlBytes('data:image/jpeg;base64,')).toBe(0);
  });

  it('fits a phone photo within a side, never enlarging', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(300, 200, 1600)).toEqual({ width: 300, height: 200 });
  });
});
