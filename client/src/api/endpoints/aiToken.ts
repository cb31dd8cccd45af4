// /api/aiToken/*: the caller's MCP tokens for AI editors (personal settings).
import { callAction } from '../http';
import type * as aiTokenApi from '@shared/api/aiToken';

export const listMcpTokens = () => callAction<typeof aiTokenApi.list>('aiToken/list', {}, { loading: false });
export const createMcpToken = (name: string) => callAction<typeof aiTokenApi.create>('aiToken/create', { name });
export const revokeMcpToken = (id: number) => callAction<typeof aiTokenApi.revoke>('aiToken/revoke', { id });
