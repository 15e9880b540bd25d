"""Rules engines: games/core holds the shared contract, each game is a package beside it."""
