// The funnel block library: page JSON schema, publish validation, form fields and static rendering.
// The console imports the browser-safe modules by path (page-content, validate-page, form-fields,
// page-css, blocks/*); the server uses this barrel.
export * from './page-content';
export * from './validate-page';
export * from './form-fields';
export * from './media-urls';
export * from './page-css';
export * from './style-hash';
export * from './render-step-html';
export * from './starter-pages';
export * from './sample-page';
