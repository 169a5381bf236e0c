package catalogue

import (
	"strings"
	"testing"
)

// TestMoveURIs: the moved records are rewritten in one edit; a move to a
// URI the catalogue has, or to an invalid one, is left out and said.
func TestMoveURIs(t *testing.T) {
	c, err := Read(strings.NewReader("URI: https://old.example/a\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
		"URI: https://old.example/b\r\nNAME: B\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
		"URI: https://old.example/c\r\nNAME: C\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
		"URI: https://new.example/b\r\nNAME: B again\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
		"URI: https://stays.example/\r\nNAME: D\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	moved := map[string]string{
		"https://old.example/a": "https://new.example/a",
		"https://old.example/b": "https://new.example/b", // taken
		"https://old.example/c": "https://new example/c", // invalid
	}
	edit, moves := MoveURIs(c, c.Records(), func(u string) string { return moved[u] })
	if len(moves) != 3 || moves[0].Problem != "" || moves[1].Problem != MoveTaken || moves[2].Problem != MoveInvalid {
		t.Fatalf("moves %+v", moves)
	}
	if _, err := c.Apply(edit); err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range c.Records() {
		uris = append(uris, r.URI())
	}
	if got := strings.Join(uris, " "); got != "https://new.example/a https://old.example/b https://old.example/c https://new.example/b https://stays.example/" {
		t.Errorf("after the moves: %s", got)
	}
	if edit, _ := MoveURIs(c, c.Records(), func(string) string { return "" }); edit != nil {
		t.Errorf("no move, but an edit %#v", edit)
	}
}
