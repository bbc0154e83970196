/**
 * Small helpers over the object tree of npm `fast-xml-parser`, so each XML parser reads like the schema it
 * follows: namespaces removed, attributes under `@_name`, text under `#text`, every value a string.
 */
import { XMLParser } from 'fast-xml-parser';
import { AmlSourceParseError } from '../errors.ts';

/** A parsed XML element: child elements, `@_attr` attributes and `#text`. */
export type XmlNode = { readonly [key: string]: unknown };

/**
 * Parses `xml` keeping every value as a string; `arrayTags` are always arrays (repeated elements).
 *
 * @throws AmlSourceParseError when the text is not well-formed XML.
 */
export function parseXml(xml: string, arrayTags: readonly string[], location: string): XmlNode {
  const arrays = new Set(arrayTags);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: true,
    isArray: (name) => arrays.has(name),
  });
  try {
    return parser.parse(xml, true) as XmlNode;
  } catch (error) {
    throw new AmlSourceParseError(location, `not well-formed XML (${(error as Error).message})`, { cause: error });
  }
}

/** The child element `key` of `node` as a node, or undefined. */
export function child(node: unknown, key: string): XmlNode | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[key];
  if (Array.isArray(v)) return v[0] as XmlNode | undefined;
  return v !== null && typeof v === 'object' ? (v as XmlNode) : undefined;
}

/** The children `key` of `node` as an array of nodes (empty if absent). */
export function children(node: unknown, key: string): XmlNode[] {
  if (node === null || typeof node !== 'object') return [];
  const v = (node as XmlNode)[key];
  if (v === undefined || v === null || v === '') return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => (typeof x === 'object' && x !== null ? (x as XmlNode) : ({ '#text': String(x) } as XmlNode)));
}

/** Text of `node` (or of its child `key`): the string value or its `#text`, trimmed; '' if absent. */
export function text(node: unknown, key?: string): string {
  const target = key === undefined ? node : node !== null && typeof node === 'object' ? (node as XmlNode)[key] : undefined;
  const first = Array.isArray(target) ? target[0] : target;
  if (typeof first === 'string') return first.trim();
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  if (first !== null && typeof first === 'object') {
    const t = (first as XmlNode)['#text'];
    return typeof t === 'string' || typeof t === 'number' ? String(t).trim() : '';
  }
  return '';
}

/** Texts of every `key` child of `node` (e.g. `<VALUE>` lists), non-empty only. */
export function texts(node: unknown, key: string): string[] {
  return children(node, key).map((c) => text(c)).filter((t) => t.length > 0);
}

/** Attribute `name` of `node`, trimmed; '' if absent. */
export function attr(node: unknown, name: string): string {
  if (node === null || typeof node !== 'object') return '';
  const v = (node as XmlNode)[`@_${name}`];
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
}
