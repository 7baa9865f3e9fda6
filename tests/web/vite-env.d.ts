/// <reference types="vite/client" />
// The web client's modules imported here (cards/describe.ts -> cards/icons.tsx) import CSS modules,
// typed by Vite's client types as in src/web/tsconfig.json.
