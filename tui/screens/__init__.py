"""The app's screens and dialogs, one module each."""
