import {
  ColumnUpdateNode,
  InsertQueryNode,
  PrimitiveValueListNode,
  UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { DataCodecError, kidOfBytes, SEALED_PREFIX, type DataCodec } from './codec';
import { ENCRYPTED_NAMES, isEncryptedColumn } from './columns';

/**
 * The one place values are encrypted and decrypted: a Kysely plugin on the database every repository query runs
 * on. A write (insert, update, upsert) to an encrypted column (./columns.ts) is sealed before it leaves the
 * process; a sealed value read back is opened before any service sees it. Services, routes, exports, PDFs and
 * e-mails therefore work on plain values and never call the codec.
 */
export class EncryptionPlugin implements KyselyPlugin {
  constructor(private readonly codec: DataCodec) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node)) return this.insert(node);
    if (UpdateQueryNode.is(node)) return this.update(node);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (result.rows.length === 0) return result;
    return { ...result, rows: result.rows.map((row) => this.openRow(row)) };
  }

  private openRow(row: UnknownRow): UnknownRow {
    let opened: UnknownRow | null = null;
    for (const name of ENCRYPTED_NAMES) {
      const value = row[name];
      let plain: unknown;
      if (typeof value === 'string' && value.startsWith(SEALED_PREFIX)) plain = this.codec.open(value);
      else if (value instanceof Uint8Array && kidOfBytes(Buffer.from(value.buffer, value.byteOffset, value.byteLength)) !== null)
        plain = this.codec.openBytes(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      else continue;
      opened ??= { ...row };
      opened[name] = plain;
    }
    return opened ?? row;
  }

  private insert(node: InsertQueryNode): InsertQueryNode {
    const table = tableName(node.into);
    if (!table) return node;
    const sealedAt = (node.columns ?? []).map((c) => isEncryptedColumn(table, columnName(c)!));
    const values = node.values && sealedAt.some(Boolean) && ValuesNode.is(node.values) ? ValuesNode.create(node.values.values.map((list) => this.sealList(table, list, sealedAt))) : node.values;
    const updates = node.onConflict?.updates ? this.sealUpdates(table, node.onConflict.updates) : undefined;
    return Object.freeze({
      ...node,
      ...(values ? { values } : {}),
      ...(updates && node.onConflict ? { onConflict: Object.freeze({ ...node.onConflict, updates }) } : {}),
    });
  }

  private update(node: UpdateQueryNode): UpdateQueryNode {
    const table = tableName(node.table);
    if (!table || !node.updates) return node;
    return Object.freeze({ ...node, updates: this.sealUpdates(table, node.updates) });
  }

  private sealList(table: string, list: OperationNode, sealedAt: readonly boolean[]): PrimitiveValueListNode | ValueListNode {
    if (PrimitiveValueListNode.is(list)) return PrimitiveValueListNode.create(list.values.map((v, i) => (sealedAt[i] ? this.sealValue(table, v) : v)));
    if (ValueListNode.is(list)) return ValueListNode.create(list.values.map((v, i) => (sealedAt[i] ? this.sealNode(table, v) : v)));
    throw new DataCodecError(`An insert into ${table} writes an encrypted column from a query: it cannot be sealed.`);
  }

  private sealUpdates(table: string, updates: readonly ColumnUpdateNode[]): ColumnUpdateNode[] {
    return updates.map((u) => {
      const column = columnName(u.column);
      return column && isEncryptedColumn(table, column) ? ColumnUpdateNode.create(u.column, this.sealNode(table, u.value)) : u;
    });
  }

  private sealNode(table: string, value: OperationNode): OperationNode {
    if (ValueNode.is(value)) return { ...value, value: this.sealValue(table, value.value) } as ValueNode;
    // excluded.<column> in an upsert is the value being inserted, sealed already.
    if (value.kind === 'ReferenceNode') return value;
    throw new DataCodecError(`A write to an encrypted column of ${table} is an expression (${value.kind}): give it a value to seal.`);
  }

  private sealValue(table: string, value: unknown): unknown {
    if (value === null || value === undefined) return value;
    // Always sealed, even what looks sealed: a value typed as "enc:v1:…" is the applicant's text, not ours.
    if (typeof value === 'string') return this.codec.seal(value);
    if (value instanceof Uint8Array) return this.codec.sealBytes(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    throw new DataCodecError(`A write to an encrypted column of ${table} is a ${typeof value}, not text or bytes.`);
  }
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

function columnName(node: OperationNode): string | null {
  return node.kind === 'ColumnNode' ? (node as unknown as { column: { name: string } }).column.name : null;
}
