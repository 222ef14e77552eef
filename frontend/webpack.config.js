// Webpack build for the Colivra web app.
// swc-loader transpiles TypeScript; `npm run typecheck` (tsc --noEmit) does the type checking.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

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

export default (_env, argv) => {
  const production = argv.mode === 'production';
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
      }),
      ...(production
        ? [new MiniCssExtractPlugin({
            filename: 'assets/[name].[contenthash:10].css',
            chunkFilename: 'assets/[name].[contenthash:10].css',
          })]
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
