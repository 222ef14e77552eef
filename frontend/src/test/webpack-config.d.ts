// Shape of webpack.config.js read by webpackConfig.test.ts.
declare module '*webpack.config.js' {
  interface Config {
    output: { publicPath: string; chunkLoadTimeout: number; filename: string; chunkFilename: string };
    devServer: {
      port: number;
      historyApiFallback: boolean;
      proxy: Array<{ context: string[]; target: string }>;
    };
  }
  const makeConfig: (env: Record<string, unknown>, argv: { mode: string }) => Config;
  export default makeConfig;
}
