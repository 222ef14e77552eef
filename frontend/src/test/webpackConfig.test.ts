import { describe, expect, it } from 'vitest';
import makeConfig from '../../webpack.config.js';

describe('webpack configuration', () => {
  const config = makeConfig({}, { mode: 'production' });

  it('fetches lazy chunks from the site root with a 120 s time-out, under /assets/', () => {
    expect(config.output.publicPath).toBe('/');
    expect(config.output.chunkLoadTimeout).toBe(120000);
    expect(config.output.filename).toMatch(/^assets\/.*\[contenthash/);
    expect(config.output.chunkFilename).toMatch(/^assets\/.*\[contenthash/);
  });

  it('runs the dev server on 3000, proxying the API to 127.0.0.1:8080', () => {
    const dev = makeConfig({}, { mode: 'development' }).devServer;
    expect(dev.port).toBe(3000);
    expect(dev.historyApiFallback).toBe(true);
    expect(dev.proxy[0].context).toEqual(['/api', '/sanctum', '/health', '/ready', '/app-config.js']);
    expect(dev.proxy[0].target).toBe('http://127.0.0.1:8080');
  });
});
