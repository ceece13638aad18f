import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { allows, storedPermissions } from '../../authProvider';
import { useApi } from '../api/useApi';
import { CENSUS_ACCESS, CENSUS_PATH, censusKey, censusYear, pendencias } from './census';

/**
 * The census problems left (issue 40), for Administração and Secretaria: fixed through the year rather than on the
 * last night of May. A click opens the census screen, each problem a link to the form that fixes it.
 */
export function CensusCard() {
  const allowed = allows(storedPermissions(), CENSUS_ACCESS);
  const api = useApi();
  const year = censusYear();
  const { data: problems, error } = useQuery({
    queryKey: censusKey(year),
    queryFn: () => api.getCensusProblems(year),
    enabled: allowed,
  });
  if (!allowed || error) return null;
  return (
    <Card data-testid="cartao-censo" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={CENSUS_PATH} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h3" component="p" color={problems?.length ? 'error' : 'text.primary'}>
            {problems ? problems.length : '…'}
          </Typography>
          <Typography>
            Censo Escolar {year}: {problems ? pendencias(problems.length) : 'pendências'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
