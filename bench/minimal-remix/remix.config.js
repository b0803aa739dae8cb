// The bench's "framework ceiling": a Remix app of one splat route, built with the same Remix
// version, compiler and future flags as the product, and never part of the product's routes.
// Built by the throughput bench into bench/minimal-remix/build/ (git-ignored).
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
