/* Webpack builds one bundle per surface (task pane, custom functions), emits functions.json from the
 * JSDoc of src/functions (custom-functions-metadata-plugin, which also appends the associate calls),
 * copies the manifest, the icons and Office.js from the @microsoft/office-js package (never a CDN), and adds the
 * planning workbook templates (TemplatePlugin).
 *
 * The preview (src/preview) is built only when asked for with `--env preview` (`npm start` and the browser tests
 * ask; `npm run build:preview` too): it adds two pages, preview.html (the simulated workbook beside an iframe) and
 * preview-pane.html, the task pane page exactly as Excel loads it with the preview-bridge bundle run first.
 * A production build writes no source maps (they would be served beside the add-in); a development build does.
 *
 * `--env origin=https://addin.example.com` builds for a deployment on that origin (docs: README "Deploying for a team"):
 * the manifest names it in every URL and in AppDomains (src/deploy/manifest-for-origin.ts), and the lazily loaded chunks
 * carry a content hash in their names, so a server may let browsers keep them (`npm run serve`). Without it the build is
 * the one `npm start` serves from https://localhost:3000.
 * `--env share=\\server\addins` names a network-share catalog the add-in is installed from in the planning templates, so
 * they open its pane for colleagues who installed it from there (checked by scripts/build-template.ts). */
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const OFFICE_JS_FILES = [
  'office.js',
  'o15apptofilemappingtable.js',
  'custom-functions-runtime.js',
  'excel-web-16.00.js',
  'excel-web-16.00-core.js',
  'excel-win32-16.01.js',
  'excel-win32-16.01-core.js',
  'excel-win32-16.00.js',
  'excel-mac-16.00.js',
  'excel-mac-16.00-core.js',
  'excel-15.js',
  'excelwebapp-15.js',
];
const OFFICE_JS_LOCALES = ['en-us', 'en-gb', 'de-de', 'de-at', 'de-ch', 'it-it', 'it-ch'];

/** glide-data-grid's index.css only @imports its parts: the preview gets them as one file (no CSS loader needed). */
function inlineCssImports(file) {
  const text = fs.readFileSync(file, 'utf8');
  return text.replace(/@import\s+"([^"]+)";/g, (_all, relative) => inlineCssImports(path.resolve(path.dirname(file), relative)));
}

/** What preview-pane.html runs before office.js (see PreviewPagesPolicy). */
const OSF_OPT_OUT = 'window.OsfOptOut = true;';

/**
 * The preview's promise, "nothing leaves this browser except calls to the service you connect to", kept by the
 * browser: its pages load scripts, styles, images, fonts and frames from their own origin only, and connect to the
 * page's origin and to the services the pane is pointed at (any http(s) address: the user types it in the pane).
 * office.js outside Office opens a hidden frame on Microsoft's telemetry service 3 s after start
 * (o15apptofilemappingtable.js, `ULSEndpointProxy`): `frame-src 'self'` refuses it. `style-src 'unsafe-inline'`:
 * Fluent UI (Griffel) and the grid insert style elements at run time. Only the preview's pages get it: in Excel the
 * task pane is Office's to frame.
 */
function previewContentSecurityPolicy(inlineScripts) {
  const hashes = inlineScripts.map((script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' http: https:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The preview's two pages get the Content-Security-Policy above as their first element (a meta element: the preview
 * is also served as static files, where no header can be set), with the hash of each inline script the emitted page
 * holds (after minification: the policy is added to the page as written). preview-pane.html also defines
 * `OsfOptOut` before office.js loads: office.js loaded in a frame outside Office logs "The add-in is not hosted in
 * plain browser top window." and sends the frame to about:blank, unless a global `OsfOptOut` exists when its
 * start-up gets there (office.debug.js). The preview's pane is such a frame.
 */
const PREVIEW_PAGES = ['preview.html', 'preview-pane.html'];
class PreviewPagesPolicy {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreviewPagesPolicy', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('PreviewPagesPolicy', (data) => {
        if (data.outputName === 'preview-pane.html') data.html = withOsfOptOut(data.html);
        return data;
      });
      compilation.hooks.processAssets.tap({ name: 'PreviewPagesPolicy', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        for (const name of PREVIEW_PAGES) {
          const asset = compilation.getAsset(name);
          if (asset) compilation.updateAsset(name, new webpack.sources.RawSource(withPolicy(name, asset.source.source().toString())));
        }
      });
    });
  }
}

function withPolicy(name, html) {
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${previewContentSecurityPolicy(inlineScripts)}" />`;
  if (!/<head>/.test(html)) throw new Error(`${name}: no <head> to put the Content-Security-Policy in`);
  return html.replace(/<head>/, (head) => `${head}\n    ${meta}`);
}

function withOsfOptOut(html) {
  const officeJs = /<script[^>]*\ssrc="office-js\/office\.js"[^>]*><\/script>/;
  if (!officeJs.test(html)) throw new Error('preview-pane.html: the task pane template no longer loads office-js/office.js');
  return html.replace(officeJs, (tag) => `<script>${OSF_OPT_OUT}</script>\n    ${tag}`);
}

/**
 * The planning workbook templates (scripts/build-template.ts: English, German, Italian) built through the xlsx host
 * from the add-in's table models, added to the output beside the manifest they open. Built once per webpack process:
 * a watching dev server does not rebuild them on every change (restart it after changing the template).
 */
class TemplatePlugin {
  /** `networkShare`: `--env share=…`, or undefined. */
  constructor(networkShare) {
    this.files = null;
    this.networkShare = networkShare;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('TemplatePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'TemplatePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          this.files ??= buildTemplates(this.networkShare);
          for (const [name, bytes] of await this.files) compilation.emitAsset(name, new webpack.sources.RawSource(bytes));
        },
      );
    });
  }
}

async function buildTemplates(networkShare) {
  const { execFile } = require('node:child_process');
  const os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashflow-template-'));
  try {
    await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          path.resolve(__dirname, 'scripts/build-template.ts'),
          dir,
          path.resolve(__dirname, 'manifest.xml'),
          ...(networkShare === undefined ? [] : [`--network-share=${networkShare}`]),
        ],
        (error, _out, stderr) =>
          error ? reject(new Error(`The workbook template failed to build: ${stderr || error.message}`)) : resolve(),
      ),
    );
    return fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(dir, name))]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * src/deploy is TypeScript: `npm run build` runs webpack under tsx (`node --import tsx`), jest compiles it itself. Loaded
 * only for an origin build, so the default build needs neither.
 */
function deployModule(name) {
  try {
    return require(`./src/deploy/${name}.ts`);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new Error(`--env origin needs src/deploy/${name}.ts compiled: build with \`npm run build -- --env origin=…\`.`, {
        cause: error,
      });
    throw error;
  }
}

/** The origin of `--env origin=…` (checked: https, nothing after the host), or undefined for the default build. */
function buildOrigin(value) {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error('Invalid origin: give it as --env origin=https://addin.example.com.');
  return deployModule('deploy-origin').parseDeployOrigin(value);
}

/** `--env preview` arrives as `true`, `--env preview=false` as the string 'false'; a missing switch as undefined. */
function isAsked(value) {
  return value === true || value === 'true' || value === '1';
}

module.exports = (env = {}, argv = {}) => {
  const dev = argv.mode !== 'production';
  const preview = isAsked(env.preview);
  const officeJsDir = path.dirname(require.resolve('@microsoft/office-js/dist/office.js'));
  const outputPath = path.resolve(__dirname, env.outputPath || 'dist');
  const origin = buildOrigin(env.origin);
  const manifest = origin === undefined ? undefined : deployModule('manifest-for-origin');
  return {
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'source-map' : false,
    target: 'web',
    entry: {
      taskpane: './src/taskpane/taskpane.ts',
      functions: './src/functions/functions.ts',
      ...(preview ? { preview: './src/preview/preview.tsx', 'preview-bridge': './src/preview/preview-bridge.ts' } : {}),
    },
    output: {
      path: outputPath,
      filename: '[name].js',
      // Entries keep their names (the manifest names functions.js); a deployment's chunks change name with their content.
      ...(origin === undefined ? {} : { chunkFilename: '[name].[contenthash:12].js' }),
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      // The core runs in the browser: Node built-ins must never be pulled into a bundle.
      fallback: { fs: false, path: false, crypto: false, 'node:fs': false },
    },
    module: {
      rules: [
        {
          // glide-data-grid loads its cell editor lazily; the first keystroke typed into a cell was lost while that
          // chunk arrived. Bundled eagerly (the preview only), the editor opens at once.
          test: /[\\/]@glideapps[\\/]glide-data-grid[\\/]/,
          parser: { dynamicImportMode: 'eager' },
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { configFile: path.resolve(__dirname, 'tsconfig.build.json'), transpileOnly: true } },
        },
      ],
    },
    plugins: [
      // Where the pane looks for the local sandbox (its demo company) when the page names none: a development build
      // (`npm start`) looks on this computer; a production build only where the page says (`?sandbox=`).
      // Where the pane points a user whose service refuses the add-in's origin (CORS): the proxy of `npm start` on this
      // computer, or in a build for an origin the deployment's own server (`npm run serve`) at <origin>/service/.
      new webpack.DefinePlugin({
        __DEFAULT_SANDBOX_URL__: JSON.stringify(dev ? 'http://localhost:8787/' : ''),
        __PROXY_URL__: JSON.stringify(
          origin === undefined ? 'http://localhost:8788/' : deployModule('deploy-origin').deployedServiceUrl(origin),
        ),
      }),
      new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: './src/functions/functions.ts' }),
      new TemplatePlugin(typeof env.share === 'string' ? env.share : undefined),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './src/taskpane/taskpane.html',
        // One page hosts both: in the shared runtime the functions run beside the task pane.
        chunks: ['taskpane', 'functions'],
      }),
      ...(preview
        ? [
            new HtmlWebpackPlugin({
              filename: 'preview.html',
              template: './src/preview/preview.html',
              chunks: ['preview'],
            }),
            new HtmlWebpackPlugin({
              // The task pane's own page, plus the bridge that hands it the preview's simulated Excel. The bridge must
              // run before the pane: listed first with manual sorting, and deferred scripts run in document order.
              filename: 'preview-pane.html',
              template: './src/taskpane/taskpane.html',
              chunks: ['preview-bridge', 'taskpane', 'functions'],
              chunksSortMode: 'manual',
            }),
            new PreviewPagesPolicy(),
          ]
        : []),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          {
            from: 'manifest.xml',
            to: 'manifest.xml',
            ...(origin === undefined
              ? {}
              : { transform: { transformer: (content) => manifest.manifestForOrigin(content.toString('utf8'), origin), cache: false } }),
          },
          ...(preview
            ? [
                {
                  from: require.resolve('@glideapps/glide-data-grid/dist/index.css'),
                  to: 'glide-data-grid.css',
                  transform: { transformer: (_content, absoluteFrom) => inlineCssImports(absoluteFrom), cache: false },
                },
              ]
            : []),
          ...OFFICE_JS_FILES.filter((f) => fs.existsSync(path.join(officeJsDir, f))).map((f) => ({
            from: path.join(officeJsDir, f),
            to: `office-js/${f}`,
            info: { minimized: true }, // already minified: do not run it through Terser again
          })),
          ...OFFICE_JS_LOCALES.filter((l) => fs.existsSync(path.join(officeJsDir, l))).map((l) => ({
            from: path.join(officeJsDir, l),
            to: `office-js/${l}`,
            info: { minimized: true },
          })),
        ],
      }),
    ],
    // swc minifies the bundles in seconds where Terser took about 45 s of a 75 s build (the browser tests build once per
    // source change), dropping the same unused code. Type checking is `npm run lint`'s (tsc --noEmit), so ts-loader
    // only transpiles.
    optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
    performance: { hints: false },
    devServer: {
      // Excel on the web fetches functions.json cross-origin.
      headers: { 'Access-Control-Allow-Origin': '*' },
      port: Number(process.env.DEV_SERVER_PORT || process.env.npm_package_config_dev_server_port || 3000),
      static: false,
      hot: false,
      client: false,
    },
  };
};
