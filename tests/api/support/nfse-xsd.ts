import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The national NFS-e layout's own schemas (the Receita Federal's XSDs, version 1.01, vendored byte for byte in
 * nfse-xsd/ — see its README) run by libxml2 compiled to WebAssembly: no system xmllint needed. `dps` checks a DPS
 * (DPS_v1.01.xsd), `cancellation` the request to register an event (pedRegEvento_v1.01.xsd, e101101 among them).
 */
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nfse-xsd');
const FILES = [
  'DPS_v1.01.xsd',
  'pedRegEvento_v1.01.xsd',
  'tiposComplexos_v1.01.xsd',
  'tiposEventos_v1.01.xsd',
  'tiposSimples_v1.01.xsd',
  'xmldsig-core-schema.xsd',
] as const;
type SchemaFile = (typeof FILES)[number];

/**
 * What is changed in memory before libxml2 reads the files (the files on disk stay as published). Each one fails
 * loudly when its text is no longer there, so a newer package is noticed rather than half-patched.
 */
export const SHIMS: { file: SchemaFile; from: string; to: string; why: string }[] = [
  {
    file: 'tiposSimples_v1.01.xsd',
    from: '<xs:pattern value="[0-9]{6}([0-9A-Z]{14})[0-9]{30}"/>',
    to: '<xs:pattern value="[0-9]{9}[0-9A-Z]{14}[0-9]{27}"/>',
    why:
      'TSChaveNFSe: the alphanumeric CNPJ written where the NF-e key has it (after 6 digits); in the NFS-e key it ' +
      'comes after cLocEmi(7) + ambGer(1) + tpInsc(1), as the same file says for TSIdNFSe and TSIdPedRegEvt',
  },
  {
    file: 'tiposSimples_v1.01.xsd',
    from: '\t<xs:restriction base="xs:int">\n\t  <xs:totalDigits value="10"/>\n\t</xs:restriction>',
    to: '    <xs:restriction base="xs:string">\n      <xs:whiteSpace value="preserve"/>\n      <xs:pattern value="[0-9]{3}"/>\n    </xs:restriction>',
    why:
      "TCCodTribMun: the copy's keeper changed it for a municipal provider (commit c645180); the layout's own " +
      'definition back (cTribMun, which our DPS does not send)',
  },
];

let loaded: Record<SchemaFile, string> | null = null;
function files(): Record<SchemaFile, string> {
  if (loaded) return loaded;
  const read = Object.fromEntries(FILES.map((name) => [name, fs.readFileSync(path.join(DIR, name), 'utf8')]));
  for (const shim of SHIMS) {
    if (!read[shim.file].includes(shim.from))
      throw new Error(`nfse-xsd: ${shim.file} mudou e o ajuste não se aplica mais (${shim.why}).`);
    read[shim.file] = read[shim.file].replace(shim.from, shim.to);
  }
  return (loaded = read as Record<SchemaFile, string>);
}

export interface SchemaCheck {
  valid: boolean;
  /** libxml2's messages, without the file name and line: "Element '…': This element is not expected. …". */
  errors: string[];
}

async function check(xml: string, main: SchemaFile): Promise<SchemaCheck> {
  const all = files();
  const result = await validateXML({
    xml: [{ fileName: 'documento.xml', contents: xml }],
    schema: [{ fileName: main, contents: all[main] }],
    preload: FILES.filter((name) => name !== main).map((name) => ({ fileName: name, contents: all[name] })),
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message.trim()) };
}

export const nfseSchema = {
  dps: (xml: string) => check(xml, 'DPS_v1.01.xsd'),
  cancellation: (xml: string) => check(xml, 'pedRegEvento_v1.01.xsd'),
};
