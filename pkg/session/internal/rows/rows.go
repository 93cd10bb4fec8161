// Package rows holds what the session stores (pkg/session/sqlite and
// pkg/session/postgres) share in reading query results, whatever their
// driver: database/sql's and pgx's rows both fit its interfaces (an
// *sql.Rows through a wrapper whose Close returns nothing).
package rows

import "context"

// Scanner is one row: *sql.Row, *sql.Rows, pgx.Row, pgx.Rows.
type Scanner interface {
	Scan(dest ...any) error
}

// Rows is a result set: pgx.Rows, or an *sql.Rows wrapped.
type Rows interface {
	Scanner
	Next() bool
	Err() error
	Close()
}

// QueryFunc runs a query with its arguments, as pgxpool.Pool.Query and
// sql.DB.QueryContext (wrapped) do.
type QueryFunc[R Rows] func(ctx context.Context, sql string, args ...any) (R, error)

// All runs the query and reads every row with scan, then closes the rows.
// The result is never nil, so an empty page is written as [] in JSON.
func All[T any, R Rows](ctx context.Context, q QueryFunc[R], scan func(Scanner) (*T, error), sql string, args ...any) ([]T, error) {
	rs, err := q(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
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
