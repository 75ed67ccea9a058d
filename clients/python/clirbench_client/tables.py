"""A report's CSV file (summary.csv, metrics.csv, per-example.csv, ...) as rows, dicts, or a pandas DataFrame."""

import csv
import io

PANDAS_MISSING = ("to_dataframe() needs pandas, which is not installed: pip install pandas "
                  "(or pip install 'clirbench-client[pandas]'); without it, use .records() or .rows")


class CsvTable:
    """``name``: the file's name; ``header``: its column names; ``rows``: the data rows as lists of strings."""

    def __init__(self, name, text):
        self.name = name
        self.text = text
        parsed = list(csv.reader(io.StringIO(text)))
        if not parsed:
            raise ValueError("%s is empty: no header line" % name)
        self.header = parsed[0]
        self.rows = [row for row in parsed[1:] if row]
        for number, row in enumerate(self.rows, start=2):
            if len(row) != len(self.header):
                raise ValueError("%s line %d: %d fields where the header has %d: %r"
                                 % (name, number, len(row), len(self.header), row))

    def columns(self):
        """The column names, a repeated one suffixed ``.1``, ``.2``, ... as pandas names them."""
        seen = {}
        out = []
        for column in self.header:
            n = seen.get(column, 0)
            seen[column] = n + 1
            out.append(column if n == 0 else "%s.%d" % (column, n))
        return out

    def records(self):
        """One dict per row, keyed by ``columns()``; values are the file's strings."""
        names = self.columns()
        return [dict(zip(names, row)) for row in self.rows]

    def to_dataframe(self):
        """The file as a pandas DataFrame (numbers parsed by pandas); pandas is imported only here."""
        try:
            import pandas
        except ImportError:
            raise ImportError(PANDAS_MISSING) from None
        return pandas.read_csv(io.StringIO(self.text), dtype={"slice_value": str}, keep_default_na=False,
                               na_values=[""])

    def __len__(self):
        return len(self.rows)

    def __repr__(self):
        return "CsvTable(%r, %d columns, %d rows)" % (self.name, len(self.header), len(self.rows))
