import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { parseMarkdown, type Block, type Inline } from './markdown';
import '../../i18n/support';

/**
 * A guide's Markdown, rendered as React elements (never as HTML: React escapes every text, so a
 * `<script>` in the text stays text). Links open only http(s), mailto and relative targets;
 * images load only from this site.
 */
export function Markdown({ source, testId = 'markdown' }: { source: string; testId?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Box
      // A guide reads in the direction of its own language, whatever the page's (hence the logical
      // paddings and borders below, which the right-to-left styles do not flip).
      dir="auto"
      data-testid={testId}
      sx={{
        minWidth: 0,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& img': { maxWidth: '100%' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'start', verticalAlign: 'top' },
      }}
    >
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </Box>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'heading': {
      const variants = ['h5', 'h6', 'subtitle1', 'subtitle1', 'subtitle2', 'subtitle2'] as const;
      return (
        <Typography
          variant={variants[block.level - 1]}
          component={`h${Math.min(block.level + 1, 6)}` as 'h2'}
          sx={{ mt: 3, mb: 1, fontWeight: 600 }}
        >
          <InlineList nodes={block.children} />
        </Typography>
      );
    }
    case 'paragraph':
      return (
        <Typography sx={{ my: 1.5 }}>
          <InlineList nodes={block.children} />
        </Typography>
      );
    case 'code':
      return (
        <Box
          component="pre"
          sx={{
            my: 2,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            overflowX: 'auto',
            fontSize: 13,
            whiteSpace: 'pre',
            overflowWrap: 'normal',
          }}
        >
          <code data-lang={block.lang || undefined}>{block.text}</code>
        </Box>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <Typography component="span">
            <InlineList nodes={item} />
          </Typography>
        </li>
      ));
      return block.ordered ? (
        <Box component="ol" start={block.start} sx={{ my: 1.5, paddingInlineStart: 3 }}>
          {items}
        </Box>
      ) : (
        <Box component="ul" sx={{ my: 1.5, paddingInlineStart: 3 }}>
          {items}
        </Box>
      );
    }
    case 'quote':
      return (
        <Box component="blockquote" sx={{ my: 2, mx: 0, paddingInlineStart: 2, borderInlineStart: '4px solid', borderColor: 'divider', color: 'text.secondary' }}>
          {block.children.map((child, index) => (
            <BlockView key={index} block={child} />
          ))}
        </Box>
      );
    case 'table':
      return (
        <table>
          <thead>
            <tr>
              {block.head.map((cell, index) => (
                <th key={index}>
                  <InlineList nodes={cell} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={index}>
                    <InlineList nodes={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'rule':
      return <Box component="hr" sx={{ my: 3, border: 0, borderTop: 1, borderColor: 'divider' }} />;
  }
}

function InlineList({ nodes }: { nodes: readonly Inline[] }) {
  return (
    <>
      {nodes.map((node, index) => (
        <InlineView key={index} node={node} />
      ))}
    </>
  );
}

function InlineView({ node }: { node: Inline }): ReactNode {
  const t = useT();
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return (
        <Box component="code" sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover', fontSize: '0.9em' }}>
          {node.text}
        </Box>
      );
    case 'strong':
      return (
        <strong>
          <InlineList nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <InlineList nodes={node.children} />
        </em>
      );
    case 'link': {
      const external = /^(https?:)?\/\//i.test(node.href);
      return (
        <Link href={node.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
          <InlineList nodes={node.children} />
        </Link>
      );
    }
    case 'image':
      return <img src={node.src} alt={node.alt} loading="lazy" referrerPolicy="no-referrer" />;
    case 'blocked-image':
      return (
        <Typography component="span" variant="body2" color="text.secondary" data-testid="markdown-blocked-image">
          [{t('guides.blockedImage', { alt: node.alt })}]
        </Typography>
      );
    case 'break':
      return <br />;
  }
}
