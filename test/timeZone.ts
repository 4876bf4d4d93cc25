/**
 * Runs `run` on a device in `zone` (an IANA name), then puts the zone back: Node reads `TZ` again
 * whenever it is set. For what the device's zone must not change (a timestamp without a zone).
 */
export async function inTimeZone(zone: string, run: () => unknown): Promise<void> {
  const before = process.env.TZ
  process.env.TZ = zone
  try {
    await run()
  } finally {
    // Assigning undefined would set the string "undefined".
    if (before === undefined) delete process.env.TZ
    else process.env.TZ = before
  }
}
