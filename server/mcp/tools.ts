// The MCP tools, named and shaped like ShowDoc's (list_items, list_catalogs, search_pages, get_page,
// create_page, update_page, list_attachments, upload_attachment). Each runs the API action a
// ShowDoc client would call, as the token's user; a refusal comes back as a tool error carrying
// ShowDoc's error_code and message.
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeFailure } from '../http/envelope';
import { callAction, type McpCaller } from './actionCall';
import { listAttachments, uploadAttachment } from './attachmentTools';

const itemId = z.number().int().min(1).max(2_147_483_647).describe('Item (project) id');
const pageId = z.number().int().min(1).max(2_147_483_647).describe('Page id');

function answer(data: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }] };
}

/** Runs a tool body; ShowDoc's error envelope as a tool error when it is refused. */
async function run(caller: McpCaller, body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await body());
  } catch (err) {
    const f = describeFailure(caller.ctx, err, caller.deps.log);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error_code: f.code, error_message: f.message }) }] };
  }
}

export function registerTools(server: McpServer, caller: McpCaller): void {
  const tool = <S extends z.ZodRawShape>(name: string, description: string, inputSchema: S, body: (a: z.infer<z.ZodObject<S>>) => Promise<unknown>, readOnly: boolean) =>
    server.registerTool(name, { description, inputSchema, annotations: { readOnlyHint: readOnly } }, ((a: z.infer<z.ZodObject<S>>) => run(caller, () => body(a))) as never);

  tool('list_items', 'List the items (documentation projects) you can open', {}, () => callAction(caller, 'item/myList', {}), true);

  tool(
    'list_catalogs',
    "An item's catalog tree with its pages (titles and ids, no content), as far as you may read it",
    { item_id: itemId },
    (a) => callAction(caller, 'item/info', { item_id: a.item_id }),
    true,
  );

  tool(
    'search_pages',
    "Search an item's pages by title and content (50 hits a time; `page` for more)",
    { item_id: itemId, query: z.string().min(1).max(200).describe('Keyword'), page: z.number().int().min(1).max(1000).optional().describe('Result page, from 1') },
    (a) => callAction(caller, 'item/search', { item_id: a.item_id, keyword: a.query, page: a.page ?? 1 }),
    true,
  );

  tool('get_page', 'Read a page: title, Markdown content and catalog path', { page_id: pageId }, (a) => callAction(caller, 'page/info', { page_id: a.page_id, with_path: 1 }), true);

  tool(
    'create_page',
    'Create a page (Markdown) in an item, at the root or in a catalog',
    {
      item_id: itemId,
      page_title: z.string().min(1).max(200).describe('Title'),
      page_content: z.string().min(1).describe('Markdown content'),
      cat_id: z.number().int().min(0).optional().describe('Catalog id (0 or absent: the root)'),
      s_number: z.number().int().min(0).max(1_000_000).optional().describe('Sort number'),
    },
    (a) => callAction(caller, 'page/save', { page_id: 0, item_id: a.item_id, page_title: a.page_title, page_content: a.page_content, cat_id: a.cat_id ?? 0, s_number: a.s_number ?? 0 }),
    false,
  );

  tool(
    'update_page',
    "Replace a page's content (and title); the previous version stays in the page's history",
    { page_id: pageId, page_content: z.string().min(1).describe('New Markdown content'), page_title: z.string().min(1).max(200).optional().describe('New title (absent: kept)') },
    async (a) => {
      const title = a.page_title ?? ((await callAction(caller, 'page/info', { page_id: a.page_id })) as { page_title: string }).page_title;
      return callAction(caller, 'page/save', { page_id: a.page_id, page_title: title, page_content: a.page_content });
    },
    false,
  );

  tool(
    'list_attachments',
    "A page's files, or (item_id alone) the files of an item's pages",
    { page_id: pageId.optional(), item_id: itemId.optional() },
    (a) => listAttachments(caller, a),
    true,
  );

  tool(
    'upload_attachment',
    "Upload a file (base64) to a page or an item; the site's size and type rules apply",
    {
      item_id: itemId.optional(),
      page_id: pageId.optional(),
      file_base64: z.string().min(1).describe('The file content, base64'),
      file_name: z.string().min(1).max(200).describe('File name with its extension, e.g. diagram.png'),
    },
    (a) => uploadAttachment(caller, a),
    false,
  );
}
