"""The table screen's faces: what each card game says on the table, and what it asks or plays for a decision."""
