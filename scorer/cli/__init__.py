"""The command line: a thin typer shell over the scorer. Commands build results and hand them to one renderer."""
