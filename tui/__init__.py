"""The Textual app and the `coup` command."""
