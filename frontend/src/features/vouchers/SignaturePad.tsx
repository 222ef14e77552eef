import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type PointerEvent } from 'react';
import { useT } from '../../i18n';
import '../../i18n/parcels';

const HEIGHT = 160;

/**
 * The recipient signs with a finger (or a pen, a mouse) in the box; each stroke's end gives the
 * drawing as a PNG data URL, `null` once cleared. The canvas is sized to its box at the screen's
 * pixel density so strokes stay sharp on a phone.
 */
export function SignaturePad({ onChange, disabled, error }: { onChange: (dataUrl: string | null) => void; disabled?: boolean; error?: string }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.max(1, Math.round(element.clientWidth * ratio));
    element.height = Math.round(HEIGHT * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111111';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A dot for a tap.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (element && context) {
      context.save();
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, element.width, element.height);
      context.restore();
    }
    drawn.current = false;
    onChange(null);
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {t('proof.signatureLabel')}
        </Typography>
        <Button size="small" onClick={clear} disabled={disabled} data-testid="signature-clear">
          {t('proof.clear')}
        </Button>
      </Stack>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={t('proof.signHere')}
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
        sx={{
          display: 'block',
          width: '100%',
          height: HEIGHT,
          // Drawn in black whatever the theme: the pad stays white like paper.
          bgcolor: '#FFFFFF',
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          touchAction: 'none',
          cursor: disabled ? 'default' : 'crosshair',
        }}
      />
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} data-testid={error ? 'signature-error' : undefined}>
        {error ?? t('proof.signHere')}
      </Typography>
    </Box>
  );
}
