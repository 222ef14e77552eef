// Webpack build for the Colivra web app.
// swc-loader transpiles TypeScript; `npm run typecheck` (tsc --noEmit) does the type checking.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import crypto from 'node:crypto';
import { InjectManifest } from 'workbox-webpack-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes the chunk graph next to the build so `npm run size-check` can measure it. */
class StatsFilePlugin {
  apply(compiler) {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        ids: true,
        chunkGroups: true,
        entrypoints: true,
        outputPath: true,
        publicPath: true,
      });
      fs.writeFileSync(path.join(here, 'build-stats.json'), JSON.stringify(json, null, 1));
    });
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of 1 KB or more, so the
 * server sends the smallest one the browser accepts without compressing on each request.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < 1024) continue;
            const brotli = zlib.brotliCompressSync(buffer, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
          }
        },
      );
    });
  }
}

/** The app's icon: the favicon's parcel on the brand's blue. */
const APP_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#15B9E1"/><path d="M128 192 256 128l128 64v128L256 384 128 320z" fill="none" stroke="#fff" stroke-width="32" stroke-linejoin="round"/></svg>`;

/**
 * The icon as a PNG of `size` pixels (home screens that take no SVG): the brand's blue rounded
 * square with the white parcel outline of APP_ICON, drawn by distance to its edges.
 */
function appIconPng(size) {
  const scale = size / 512;
  const radius = 96 * scale;
  const outline = [[128, 192], [256, 128], [384, 192], [384, 320], [256, 384], [128, 320]].map(([x, y]) => [x * scale, y * scale]);
  const halfStroke = 16 * scale;
  const distanceToSegment = (px, py, [ax, ay], [bx, by]) => {
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
  };
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      // Outside the rounded corners: transparent.
      const corner = Math.hypot(Math.max(radius - cx, 0, cx - (size - radius)), Math.max(radius - cy, 0, cy - (size - radius)));
      let rgba = [0x15, 0xb9, 0xe1, corner > radius ? 0 : 255];
      const edge = Math.min(...outline.map((a, i) => distanceToSegment(cx, cy, a, outline[(i + 1) % outline.length])));
      if (corner <= radius && edge <= halfStroke) rgba = [255, 255, 255, 255];
      row.set(rgba, 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The web app manifest (`/manifest.webmanifest`) and its icon, so the delivery person can install
 * the app on his phone's home screen; the icon's name carries its hash (assets are cached for a
 * year).
 */
class WebManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('WebManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WebManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const hash = crypto.createHash('sha256').update(APP_ICON).digest('hex').slice(0, 10);
        const icon = `assets/app-icon.${hash}.svg`;
        compilation.emitAsset(icon, new sources.RawSource(APP_ICON));
        const pngs = [192, 512].map((size) => {
          const png = appIconPng(size);
          const name = `assets/app-icon-${size}.${crypto.createHash('sha256').update(png).digest('hex').slice(0, 10)}.png`;
          compilation.emitAsset(name, new sources.RawSource(png));
          return { src: `/${name}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' };
        });
        const manifest = {
          name: 'Colivra',
          short_name: 'Colivra',
          description: 'Tournées, colis et encaissements',
          lang: 'fr',
          start_url: '/compte/colis-expedies',
          scope: '/',
          display: 'standalone',
          background_color: '#FFFFFF',
          theme_color: '#15B9E1',
          icons: [{ src: `/${icon}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }, ...pngs],
        };
        compilation.emitAsset('manifest.webmanifest', new sources.RawSource(JSON.stringify(manifest, null, 1)));
      });
    });
  }
}

/** The sign-in form's words, read from the app's catalogues (src/i18n/{fr,en,ar}.ts). */
const EARLY_SIGN_IN_KEYS = [
  'auth.login.title',
  'auth.login.subtitle',
  'auth.email',
  'auth.password',
  'auth.remember',
  'auth.login.forgot',
  'auth.login.submit',
  'auth.login.noAccount',
  'auth.login.createAccount',
];

function catalogueWords(language) {
  const source = fs.readFileSync(path.join(here, 'src/i18n', `${language}.ts`), 'utf8');
  return Object.fromEntries(
    EARLY_SIGN_IN_KEYS.map((key) => {
      const found = source.match(new RegExp(`'${key.replace(/\./g, '\\.')}': '((?:[^'\\\\]|\\\\.)*)'`));
      // A build error, not a form with a hole in it.
      if (!found) throw new Error(`early sign-in: '${key}' not found in src/i18n/${language}.ts`);
      return [key, found[1].replace(/\\(.)/g, '$1')];
    }),
  );
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The plain-HTML sign-in form of signin.html (early-sign-in/form.html) in French, with the English
 * and Arabic words beside it, and its script emitted as a hashed asset.
 */
function earlySignIn() {
  const script = fs.readFileSync(path.join(here, 'early-sign-in/early-sign-in.js'));
  const scriptName = `assets/early-sign-in.${crypto.createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
  const labels = { fr: catalogueWords('fr'), en: catalogueWords('en'), ar: catalogueWords('ar') };
  const markup = fs
    .readFileSync(path.join(here, 'early-sign-in/form.html'), 'utf8')
    .replace(/^<!--[\s\S]*?-->\n/, '')
    .replace('{{labels}}', JSON.stringify(labels).replace(/</g, '\\u003c'))
    .replace(/\{\{([a-zA-Z.]+)\}\}/g, (_, key) => escapeHtml(labels.fr[key].replace('{product}', 'Colivra')));
  // In the head, blocking: its listeners exist before the form can be seen (early-sign-in.js).
  const head = `<script src="/${scriptName}"></script>`;
  return { markup, head, scriptName, script };
}

/** Emits the early sign-in form's script under its hashed name. */
class EarlySignInScriptPlugin {
  constructor(form) {
    this.form = form;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EarlySignInScriptPlugin', (compilation) => {
      compilation.fileDependencies.add(path.join(here, 'early-sign-in/early-sign-in.js'));
      compilation.hooks.processAssets.tap({ name: 'EarlySignInScriptPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.form.scriptName, new sources.RawSource(this.form.script));
      });
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode === 'production';
  const form = earlySignIn();
  return {
    mode: production ? 'production' : 'development',
    context: here,
    entry: { main: './src/main.tsx' },
    output: {
      path: path.join(here, 'dist'),
      // Lazy chunks are fetched from the site root.
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      chunkLoadTimeout: 120000,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader' },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(woff2?|ttf|eot|png|jpe?g|svg|ico)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      splitChunks: {
        chunks: 'all',
        // Fewer, larger shared chunks: a screen loads 6 files instead of 20, and gzip does better on
        // one large file than on many small ones (about 9 KB less per screen), at the price of a few
        // small modules copied into the screens that use them.
        minSize: 120000,
        cacheGroups: {
          // React, the router and Redux: needed by every page, changes rarely.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs|redux|react-redux|reselect|immer|redux-thunk|use-sync-external-store)[\\/]/,
            name: 'framework',
            chunks: 'all',
            priority: 40,
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({
        template: './index.html',
        scriptLoading: 'defer',
        templateParameters: { earlySignIn: '', earlySignInHead: '' },
      }),
      // The same page with the sign-in form in plain HTML, for a browser without a session on / and
      // /compte/connexion (the server chooses): usable before the scripts arrive on a slow network.
      new HtmlWebpackPlugin({
        template: './index.html',
        filename: 'signin.html',
        scriptLoading: 'defer',
        templateParameters: { earlySignIn: form.markup, earlySignInHead: form.head },
      }),
      new EarlySignInScriptPlugin(form),
      ...(production
        ? [new MiniCssExtractPlugin({
            filename: 'assets/[name].[contenthash:10].css',
            chunkFilename: 'assets/[name].[contenthash:10].css',
          })]
        : []),
      new WebManifestPlugin(),
      // The delivery person's offline app (sw/serviceWorker.ts): the shell precached, the rest
      // cached as it is used. Not in development: a worker would serve stale bundles.
      ...(production
        ? [
            new InjectManifest({
              swSrc: './sw/serviceWorker.ts',
              swDest: 'sw.js',
              // The shell: the page, the entry's scripts and styles, the fonts.
              include: [
                ({ asset, compilation }) =>
                  asset.name === 'index.html' ||
                  /inter-latin-[4-7]00-normal\.[0-9a-f]+\.woff2$/.test(asset.name) ||
                  compilation.entrypoints.get('main').getFiles().includes(asset.name),
              ],
              // The shell is served at `/` (the server has no /index.html).
              manifestTransforms: [
                (entries) => ({
                  manifest: entries.map((entry) => (/(^|\/)index\.html$/.test(entry.url) ? { ...entry, url: '/' } : entry)),
                  warnings: [],
                }),
              ],
            }),
          ]
        : []),
      ...(production ? [new PrecompressPlugin()] : []),
      new StatsFilePlugin(),
    ],
    devServer: {
      port: 3000,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      proxy: [
        {
          context: ['/api', '/sanctum', '/health', '/ready', '/app-config.js'],
          target: 'http://127.0.0.1:8080',
          changeOrigin: false,
        },
      ],
    },
  };
};
