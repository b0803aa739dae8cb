// BUILD_DIR (default "build") lets several builds live side by side, e.g. parallel test runs.
const dir = process.env.BUILD_DIR || "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverBuildPath: `${dir}/index.js`,
  assetsBuildDirectory: `public/${dir}`,
  publicPath: `/${dir}/`,
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
