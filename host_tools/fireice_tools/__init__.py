"""Host tools for the Fire and Ice board (the `fireice` command)."""
