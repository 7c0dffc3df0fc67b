/** The usual attacks on rich text: what the sanitiser's unit test and the rich comments' integration test both feed in. */
export const XSS_CORPUS = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(2)</script>",
  '<a href="javascript:alert(3)">x</a>',
  '<a href="JaVaScRiPt:alert(4)">x</a>',
  '<a href="javascript&colon;alert(5)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  "<svg onload=alert(7)><circle/></svg>",
  "<style>body{display:none}</style>",
  '<iframe src="https://evil.example"></iframe>',
  "<math><mi>x</mi></math>",
  '<p style="color:red" onmouseover="alert(8)">Text</p>',
] as const;
