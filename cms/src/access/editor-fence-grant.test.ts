import { describe, expect, it } from 'vitest';
import { grantTypesAddedLater } from './editor-fence';

const MESSAGE = 'api::message-template.message-template';
const permissions = [
  { action: 'plugin::content-manager.explorer.update', subject: MESSAGE, properties: {}, conditions: ['api::is-carrier-editor'] },
  { action: 'plugin::content-manager.explorer.update', subject: 'api::faq-item.faq-item', properties: {}, conditions: ['api::is-carrier-editor'] },
];

function role(existing: Record<string, unknown[]>, notes: Set<string> = new Set()) {
  const added: unknown[][] = [];
  const deps = {
    roleId: 7,
    permissionsOn: async (uid: string) => existing[uid] ?? [],
    addPermissions: async (_roleId: number, list: unknown[]) => void added.push(list),
    granted: async (uid: string) => notes.has(uid),
    markGranted: async (uid: string) => void notes.add(uid),
  };
  return { deps, added, notes };
}

describe('a Carrier editor role created before customer messages existed', () => {
  it('is given the fenced permissions on customer messages once', async () => {
    const { deps, added, notes } = role({});
    expect(await grantTypesAddedLater(deps, permissions)).toEqual([MESSAGE]);
    expect(added).toEqual([[permissions[0]]]);
    expect(notes.has(MESSAGE)).toBe(true);
    expect(await grantTypesAddedLater(deps, permissions)).toEqual([]);
    expect(added).toHaveLength(1);
  });

  it('is left alone when it already has them (a role created now) or an admin took them away after the grant', async () => {
    expect(await grantTypesAddedLater(role({ [MESSAGE]: [{ id: 1 }] }).deps, permissions)).toEqual([]);
    const removedByAdmin = role({}, new Set([MESSAGE]));
    expect(await grantTypesAddedLater(removedByAdmin.deps, permissions)).toEqual([]);
    expect(removedByAdmin.added).toEqual([]);
  });
});
