import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The API's borders (docs/development.md, "API modules"). Each folder under apps/api/src/modules is a module
 * with one public file, index.ts. The map below is the whole dependency graph: a module imports only the modules
 * it lists, and only through their index.ts; everything outside modules/ imports a module through its index.ts,
 * and the shared layers (db, lib, media, metrics, storage) import no module. The map must stay acyclic (checked
 * when ESLint loads it), and `api/no-cycles` refuses an import circle between any two files of the API.
 */
export const MODULE_DEPENDENCIES = {
  audit: [],
  outbox: [],
  payments: [],
  shipping: ['audit'],
  system: [],
  discounts: ['audit'],
  auth: ['outbox'],
  account: ['auth'],
  contact: ['outbox'],
  stock: ['audit', 'payments'],
  catalog: ['audit', 'stock'],
  cart: ['catalog', 'discounts', 'shipping', 'stock'],
  orders: ['audit', 'cart', 'catalog', 'discounts', 'outbox', 'payments', 'stock'],
  refunds: ['audit', 'orders', 'outbox', 'payments', 'stock'],
  returns: ['audit', 'orders', 'outbox', 'payments', 'refunds', 'stock'],
  checkout: ['cart', 'discounts', 'orders', 'payments', 'stock'],
  admin: ['audit', 'auth', 'cart', 'catalog', 'discounts', 'orders', 'outbox', 'shipping', 'stock'],
  staff: ['audit', 'auth', 'outbox'],
  alerts: ['cart', 'outbox', 'stock'],
};

const SHARED_LAYERS = new Set(['db', 'lib', 'media', 'metrics', 'storage']);
const API_SRC = resolve(import.meta.dirname, '../apps/api/src');

/** A module order where each comes after what it needs; throws on a circle, naming it. */
export function moduleOrder(deps = MODULE_DEPENDENCIES) {
  const done = new Set();
  const order = [];
  const visit = (name, path) => {
    if (done.has(name)) return;
    if (path.includes(name))
      throw new Error(`API modules depend on each other in a circle: ${[...path, name].join(' → ')}`);
    if (!deps[name])
      throw new Error(`API module ${path.at(-1)} depends on ${name}, which is not in MODULE_DEPENDENCIES`);
    for (const next of deps[name]) visit(next, [...path, name]);
    done.add(name);
    order.push(name);
  };
  for (const name of Object.keys(deps)) visit(name, []);
  return order;
}
moduleOrder();

const importSpec = (node) =>
  node.source && typeof node.source.value === 'string' ? node.source.value : undefined;

/** Where an API file sits: its module (or undefined) and its top folder under src. */
function placeOf(file) {
  const parts = relative(API_SRC, file).split(sep);
  if (parts[0] === '..') return undefined;
  return { top: parts[0], module: parts[0] === 'modules' ? parts[1] : undefined, parts };
}

const borders = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = importSpec(node);
      if (!spec?.startsWith('.')) return;
      const to = placeOf(resolve(dirname(context.filename), spec));
      if (!to || to.top !== 'modules' || !to.module || to.module === from.module) return;
      const publicFile = to.parts.length === 3 && /^index(\.[jt]s)?$/.test(to.parts[2]);
      let message;
      if (SHARED_LAYERS.has(from.top)) {
        message = `${from.top}/ is shared by every module: it cannot import the ${to.module} module`;
      } else if (!publicFile) {
        message = `Import the ${to.module} module through its index.ts, not ${to.parts.slice(2).join('/')}: only index.ts is its public face`;
      } else if (from.module && !MODULE_DEPENDENCIES[from.module]?.includes(to.module)) {
        message = `The ${from.module} module may not import the ${to.module} module (eslint-rules/api-modules.js lists what each module builds on; adding ${to.module} there must keep the map free of circles)`;
      }
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

/** Every source file of the API (tests aside) and the files it imports, read once per ESLint run. */
let graph;
function importGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) graph.set(path, targetsOf(path));
    }
  };
  walk(API_SRC);
  return graph;
}

function targetsOf(file, text = readFileSync(file, 'utf8')) {
  const targets = new Set();
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+['"](\.[^'"]+)['"]/gms)) {
    const base = resolve(dirname(file), match[1]).replace(/\.js$/, '');
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) {
          targets.add(candidate);
          break;
        }
      } catch {
        // not this one
      }
    }
  }
  return targets;
}

/** A path of imports from `start` back to itself, if there is one. */
function circleThrough(start, edges) {
  const seen = new Set();
  const search = (file, path) => {
    for (const next of edges.get(file) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = search(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return search(start, [start]);
}

const noCycles = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    if (!placeOf(context.filename) || /\.test\.ts$/.test(context.filename)) return {};
    return {
      Program(node) {
        const edges = importGraph();
        // The file as it is being linted, which may differ from the disk.
        edges.set(context.filename, targetsOf(context.filename, context.sourceCode.text));
        const circle = circleThrough(context.filename, edges);
        if (circle) {
          const names = circle.map((f) => relative(API_SRC, f)).join(' → ');
          context.report({
            node,
            message: `Import circle: ${names}. Move what both need into a lower file.`,
          });
        }
      },
    };
  },
};

export const apiModules = { rules: { borders, 'no-cycles': noCycles } };
