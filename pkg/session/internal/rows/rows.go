// Package rows holds what the session stores (pkg/session/sqlite and
// pkg/session/postgres) share in reading query results, whatever their
// driver: database/sql's and pgx's rows both fit its interfaces.
package rows

// Scanner is one row: *sql.Row, *sql.Rows, pgx.Row, pgx.Rows.
type Scanner interface {
	Scan(dest ...any) error
}

// Rows is a result set: *sql.Rows, pgx.Rows.
type Rows interface {
	Scanner
	Next() bool
	Err() error
}

// Collect reads every row of rs with scan, then returns rs's error. It
// does not close rs. The result is never nil, so an empty page is
// written as [] in JSON.
func Collect[T any](rs Rows, scan func(Scanner) (*T, error)) ([]T, error) {
	out := []T{}
	for rs.Next() {
		x, err := scan(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, *x)
	}
	return out, rs.Err()
}
