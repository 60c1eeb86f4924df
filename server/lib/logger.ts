export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A line-per-event logger: `time level message {fields}` on stdout (errors on stderr). */
export function createLogger(level: LogLevel, write: (line: string, isError: boolean) => void = defaultWrite): Logger {
  const threshold = rank[level];
  const log = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: LogFields) => {
    if (rank[at] < threshold) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
    write(`${new Date().toISOString()} ${at.toUpperCase()} ${message}${extra}`, rank[at] >= rank.warn);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function defaultWrite(line: string, isError: boolean) {
  (isError ? process.stderr : process.stdout).write(`${line}\n`);
}
