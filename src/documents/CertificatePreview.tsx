import { Box, GlobalStyles, Typography } from '@mui/material';
import greatVibes from '@expo-google-fonts/great-vibes/400Regular/GreatVibes_400Regular.ttf?url';

export interface CertificateLines {
  name: string;
  infoLine: string;
  text: string;
  codeLine: string;
  dateLine: string;
}

// The same script font the server embeds in the PDF, served with the SPA (nothing from a font CDN).
const fontFace = {
  '@font-face': { fontFamily: 'Great Vibes', src: `url(${greatVibes}) format('truetype')`, fontDisplay: 'swap' },
};

/** The certificate's front as it will be printed: a landscape A4 page in miniature. */
export function CertificatePreview({ name, infoLine, text, codeLine, dateLine }: CertificateLines) {
  return (
    <Box
      component="section"
      aria-label="Prévia do certificado"
      sx={{
        aspectRatio: '297 / 210',
        width: '100%',
        border: 6,
        borderColor: 'primary.main',
        outline: 1,
        outlineColor: 'grey.400',
        outlineOffset: -12,
        bgcolor: '#fffdf7',
        color: '#222',
        p: { xs: 2, md: 4 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        overflow: 'hidden',
      }}
    >
      <GlobalStyles styles={fontFace} />
      <Typography component="p" sx={{ letterSpacing: 6, fontWeight: 700, fontSize: { xs: 18, md: 26 } }}>
        CERTIFICADO
      </Typography>
      <Typography
        component="p"
        sx={{ fontFamily: "'Great Vibes', cursive", fontSize: { xs: 28, md: 40 }, lineHeight: 1.4, mt: 1 }}
      >
        {name || 'Nome do aluno'}
      </Typography>
      <Typography component="p" sx={{ fontSize: 13 }}>
        {infoLine}
      </Typography>
      <Typography component="p" sx={{ fontSize: 14, mt: 2, whiteSpace: 'pre-line', flexGrow: 1, overflow: 'hidden' }}>
        {text || 'Escolha um texto de documento.'}
      </Typography>
      <Typography component="p" sx={{ fontSize: 12, mt: 1 }}>
        {codeLine}
      </Typography>
      <Typography component="p" sx={{ fontSize: 13, mt: 0.5 }}>
        {dateLine}
      </Typography>
    </Box>
  );
}
