// Shared set-up of the browser tests that drive an LLM view against the loopback fake server
// (tests/llm_server/server.mjs): the server started and taught (startFakeLlm), and the page's LLM settings pointed at
// it.
import { sendCommand } from './browser.mjs';

export { startFakeLlm } from '../llm_server/start_server.mjs';

// The LLM settings the page's views use: the fake server's OpenAI-compatible endpoint, model `model`, temperature 0,
// a 4 s time limit (extra overrides any of them).
export const useFakeLlm = (page, llm, model, extra = {}) => sendCommand(page, { do: 'llm_settings', provider: 'custom',
  base_url: llm.baseUrl, model, temperature: 0, timeout_ms: 4000, ...extra });
