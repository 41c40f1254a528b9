// The content may have assembly; only the engine is Go alone.
