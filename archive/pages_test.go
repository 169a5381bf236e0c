package archive

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The pages tests serve, written as real sites write them: navigation,
// ads, comments around the article.
const articlePage = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>How rivers meander | The Field Notes</title>
<meta property="og:site_name" content="The Field Notes">
<meta name="author" content="Ada Riverside">
<meta name="description" content="Why rivers bend.">
</head>
<body>
<header class="site-header"><nav class="nav menu"><ul><li><a href="/">Home</a></li><li><a href="/about">About us</a></li><li><a href="/subscribe">Subscribe now</a></li></ul></nav></header>
<div class="ad banner sponsor">BUY CHEAP WIDGETS TODAY</div>
<main>
<article class="post">
<h1>How rivers meander</h1>
<p class="byline">By <span class="author">Ada Riverside</span></p>
<p>A river never runs straight for long. The water on the outside of a bend flows faster than the water on the inside, and so it cuts the outer bank while the inner bank gathers sand and gravel. Over years the bend grows, and the river wanders across its plain.</p>
<h2>The outer bank</h2>
<p>On the outside of each bend the current is strongest. It undercuts the bank, which falls in, and the channel moves outwards. Geologists call this lateral erosion, and it is <a href="/glossary/erosion">measured in metres a year</a> on large rivers.</p>
<ul>
<li>faster water outside the bend</li>
<li>slower water inside the bend</li>
<li>a helical flow between them</li>
</ul>
<h2>A model in code</h2>
<p>The simplest model moves each point of the channel outward in proportion to its curvature, as in this sketch of the update rule that is applied to every point of the centre line:</p>
<pre><code>for i := range points {
	points[i] = points[i].Add(normal(i).Scale(k * curvature(i)))
}</code></pre>
<table>
<thead><tr><th>River</th><th>Sinuosity</th></tr></thead>
<tbody><tr><td>Mississippi</td><td>1.9</td></tr><tr><td>Amazon</td><td>1.5</td></tr></tbody>
</table>
<p>In the end a meander may cut itself off, leaving an oxbow lake behind, and the river runs straighter for a while before the bends begin again. That cycle is why old river plains are scattered with crescent lakes, and why maps of a river a century apart rarely agree.</p>
</article>
</main>
<aside class="sidebar widget"><h3>Popular posts</h3><ul><li><a href="/p/1">Ten best kayaks</a></li></ul></aside>
<section id="comments" class="comments"><h3>12 comments</h3><div class="comment"><p>First! Great post, check out my site for cheap pills.</p></div></section>
<footer class="footer">Copyright 2026 The Field Notes. All rights reserved.</footer>
</body>
</html>`

// hostsClient is a client whose every connection goes to srv, whatever
// host a URL names: one local server plays many hosts.
func hostsClient(srv *httptest.Server) *http.Client {
	addr := srv.Listener.Addr().String()
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 4,
	}
	return &http.Client{Transport: tr}
}

func serveMux(t testing.TB, mux http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}
