/** The ports `npm start` listens on, each changeable by an environment variable, and a port in use said in one line. */
import { createServer } from 'node:net';

export interface StartPorts {
  dev: number;
  sandbox: number;
  proxy: number;
}

export const PORT_VARIABLES = { dev: 'DEV_SERVER_PORT', sandbox: 'SANDBOX_PORT', proxy: 'PROXY_PORT' } as const;

function port(env: NodeJS.ProcessEnv, variable: string, fallback: number): number {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${variable}=${text} is not a port: give a whole number from 0 to 65535.`);
  }
  return value;
}

/**
 * DEV_SERVER_PORT (before it, npm's `config.dev_server_port`; default 3000), SANDBOX_PORT (8787), PROXY_PORT
 * (the proxy's default).
 */
export function portsFromEnvironment(env: NodeJS.ProcessEnv, defaultProxyPort: number): StartPorts {
  const configured = port(env, 'npm_package_config_dev_server_port', 3000);
  return {
    dev: port(env, PORT_VARIABLES.dev, configured),
    sandbox: port(env, PORT_VARIABLES.sandbox, 8787),
    proxy: port(env, PORT_VARIABLES.proxy, defaultProxyPort),
  };
}

function isPortInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/** Listens on `host`:`port` and closes again: fails (EADDRINUSE) where another process listens. */
export function probePort(host: string, portNumber: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(portNumber, host, () => probe.close(() => done()));
  });
}

/** Runs `listen`; a port already in use becomes one line naming the variable that changes it. */
export async function explainPortInUse<T>(variable: string, portNumber: number, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if (!isPortInUse(error)) throw error;
    throw new Error(
      `Port ${portNumber} is in use: stop what listens there, or choose another port, e.g. ${variable}=${portNumber + 1} npm start`,
      { cause: error },
    );
  }
}
