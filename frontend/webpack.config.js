// Webpack build for the Colivra web app.
// swc-loader transpiles TypeScript; `npm run typecheck` (tsc --noEmit) does the type checking.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
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
