// The archive's links + a SeedDraft -> relations, media and localizations set on the owning side
// of each entry and component item, lists in Strapi's order (the link's `pos`), and each
// permission's role. The other side of a relation is derived by the gateway, as for any seed.
import { MEDIA_UID, PERMISSION_UID, type ContentModel } from '../model/types.ts';
import type { LinkEnd, LinkRecord } from './records.ts';
import { rowKey, rowLabel, Tally, type Row, type SeedDraft, type Values } from './seed-draft.ts';

interface Placed {
  pos: number;
  /** Arrival order, breaking ties (and ordering links without a position). */
  seq: number;
  id: number;
}

class LinkMapper {
  private readonly lists = new Map<Values, Map<string, Placed[]>>();
  /** Localization groups: each entry's key -> the key it was joined to (union-find). */
  private readonly parent = new Map<string, string>();
  private readonly skipped = new Tally();
  private seq = 0;

  constructor(
    private readonly draft: SeedDraft,
    private readonly model: ContentModel,
  ) {}

  apply(link: LinkRecord): void {
    const { left, right } = link;
    if (link.kind === 'relation.morph') {
      if (left.type === MEDIA_UID && left.field === 'related') this.media(right, left.ref);
      else this.skipped.add(`${link.relation} links of ${left.type}.${left.field ?? '?'}`);
      return;
    }
    if (left.type === PERMISSION_UID && left.field === 'role') {
      const permission = this.draft.permissions.get(left.ref);
      if (permission) permission.role = right.ref;
      return;
    }
    const row = this.row(left);
    if (!row) return;
    const attribute = row.owner.attributes.get(left.field ?? '');
    if (left.field === 'localizations' && 'localized' in row.owner && row.owner.localized) this.join(rowKey(left.type, left.ref), rowKey(right.type, right.ref));
    else if (attribute?.type !== 'relation') this.draft.problems.push(`${rowLabel(row)}: a link sets "${left.field}", which is not a relation of ${left.type}`);
    else if (attribute.side === 'owner') this.place(row, left.field!, attribute.toMany, left.pos, right.ref);
    else {
      // A link given from the mappedBy side: the other row owns it, at the other side's position.
      const other = this.row(right);
      const owning = other?.owner.attributes.get(attribute.inverseField!);
      if (other && owning?.type === 'relation') this.place(other, owning.name, owning.toMany, right.pos, left.ref);
    }
  }

  /** Sets every collected list in order, and `localizationOf` on every group's other members. */
  finish(): void {
    for (const [values, fields] of this.lists) {
      for (const [field, placed] of fields) values[field] = placed.sort((a, b) => a.pos - b.pos || a.seq - b.seq).map((p) => p.id);
    }
    const groups = new Map<string, Row[]>();
    for (const key of this.parent.keys()) {
      const root = this.find(key);
      const members = groups.get(root) ?? [];
      members.push(this.draft.rows.get(key)!);
      groups.set(root, members);
    }
    for (const members of groups.values()) {
      const first = members.reduce((least, member) => Math.min(least, member.values.id as number), Number.POSITIVE_INFINITY);
      for (const member of members) if (member.values.id !== first) member.values.localizationOf = first;
    }
    this.draft.notes.push(...this.skipped.lines('links the gateway does not keep:'));
  }

  private media(owner: LinkEnd, fileId: number): void {
    const row = this.row(owner);
    const attribute = row?.owner.attributes.get(owner.field ?? '');
    if (!row) return;
    if (attribute?.type !== 'media') this.draft.problems.push(`${rowLabel(row)}: a media link sets "${owner.field}", which is not a media attribute of ${owner.type}`);
    else this.place(row, attribute.name, attribute.multiple, owner.pos, fileId);
  }

  /** The row a link names; a row of a type the gateway skips is tallied, a missing one reported. */
  private row(end: LinkEnd): Row | undefined {
    const row = this.draft.rows.get(rowKey(end.type, end.ref));
    if (row) return row;
    if (this.model.contentTypes.has(end.type) || this.model.components.has(end.type)) this.draft.problems.push(`a link names ${end.type} ${end.ref}, which the archive does not hold`);
    else this.skipped.add(`links of ${end.type}`);
    return undefined;
  }

  private place(row: Row, field: string, toMany: boolean, pos: number | undefined, id: number): void {
    if (!toMany) {
      if (row.values[field] !== undefined && row.values[field] !== id) this.draft.problems.push(`${rowLabel(row)}: "${field}" holds one entry but is linked to ${row.values[field]} and ${id}`);
      row.values[field] = id;
      return;
    }
    const fields = this.lists.get(row.values) ?? new Map<string, Placed[]>();
    this.lists.set(row.values, fields);
    const placed = fields.get(field) ?? [];
    placed.push({ pos: pos ?? Number.MAX_SAFE_INTEGER, seq: this.seq++, id });
    fields.set(field, placed);
  }

  private join(a: string, b: string): void {
    for (const key of [a, b]) if (!this.parent.has(key)) this.parent.set(key, key);
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA !== rootB) this.parent.set(rootA, rootB);
  }

  private find(key: string): string {
    let root = key;
    while (this.parent.get(root) !== root) root = this.parent.get(root)!;
    return root;
  }
}

/** Applies every link to the draft's rows. */
export function applyLinks(links: readonly LinkRecord[], draft: SeedDraft, model: ContentModel): void {
  const mapper = new LinkMapper(draft, model);
  for (const link of links) mapper.apply(link);
  mapper.finish();
}
