// Formats a number in each of the page's languages and ends (number-data.js says why).
for (const tag of ['en', 'pt-PT'])
  new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(1.5);
close();
