// The part of an MCP SDK client every integration reads tools through, and the whole tool list
// across its pages. `tools/list` is paginated (MCP: a `nextCursor` until the last page); a server
// with more tools than one page holds would otherwise lose the outputSchema of the later ones.

/** One tool of `tools/list`, as far as an integration reads it. */
export interface ListedTool {
  readonly name: string;
  readonly outputSchema?: unknown;
}

/** `listTools` of an MCP SDK Client (1.x and 2.x alike). */
export interface McpToolLister {
  listTools(params?: { cursor?: string }): Promise<{ tools: ListedTool[]; nextCursor?: string | undefined }>;
}

/** Every tool the server lists, page after page, in its order. */
export async function listAllTools(client: McpToolLister): Promise<ListedTool[]> {
  const all: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    all.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
